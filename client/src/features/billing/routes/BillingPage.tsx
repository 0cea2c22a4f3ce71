import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import LaunchRounded from '@mui/icons-material/LaunchRounded';
import MovieFilterRounded from '@mui/icons-material/MovieFilterRounded';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { billingMessage } from '@preflight/shared';
import { useSnackbar } from 'notistack';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAppConfig } from '../../../shared/config';
import { PageTitle } from '../../../shared/components/PageTitle';
import { StatCard } from '../../../shared/components/StatCard';
import { useOpenPortal, useSubscriptionStatus, type SubscriptionStatusData } from '../../../shared/subscription/useSubscription';
import { TestModeChip } from '../../../shared/components/TestModeChip';
import { ToastText } from '../../../shared/components/ToastText';
import {
  CREATOR_PRO,
  formatDay,
  formatMonthYear,
  LOAD_FAILED_TEXT,
  NO_ACTIVE_SUBSCRIPTION_TEXT,
  NO_ACTIVE_SUBSCRIPTION_TITLE,
  planName,
  PORTAL_FAILED_TEXT,
} from '../../../shared/subscription/plan';
import { canManageBilling, subscriptionStatusLabel } from '../../../shared/subscription/subscriptionStatus';

/** What the billing portal lets the creator do. */
export const PORTAL_CAPABILITIES = [
  'Cancel or pause your subscription',
  'Update payment methods and billing address',
  'Download invoices',
  'View your billing history',
  'Change your plan',
];

/** After Stripe Checkout the webhook may land a moment after the creator does: look again until the plan shows. */
const CHECKOUT_POLL_MS = 1500;

const STATUS_COLOR: Record<string, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  trialing: 'info',
  past_due: 'warning',
  canceled: 'default',
  expired: 'error',
  inactive: 'default',
};

/** The plan's one message (packages/shared/src/rules/billing-state.ts), with its dates written out. */
export function planMessage(s: SubscriptionStatusData) {
  const state = s.billingState;
  const ends = state === 'trial' || state === 'trial_cancelled' ? formatDay(s.trialExpires) : formatDay(s.currentPeriodEnd);
  return billingMessage(state, { ends, freeAnalyses: s.freeAnalyses, analysesLeft: s.analysesLeft, price: `${CREATOR_PRO.monthlyPrice}/${CREATOR_PRO.cycle}` });
}

export function BillingPage() {
  const { contactEmail } = useAppConfig();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  const fromCheckout = params.get('checkout') === 'success';
  const status = useSubscriptionStatus({
    pollMs: (fromCheckout ? CHECKOUT_POLL_MS : false) as number | false,
  });
  const portal = useOpenPortal();
  const subscription = status.data;
  const live = canManageBilling(subscription);
  const welcomed = useRef(false);

  useEffect(() => {
    if (status.isError) enqueueSnackbar(<ToastText title="Error" message={LOAD_FAILED_TEXT} />, { variant: 'error', preventDuplicate: true });
  }, [status.isError, enqueueSnackbar]);

  // Back from Checkout: once the webhook has made the plan live, say so and stop looking.
  useEffect(() => {
    if (!fromCheckout || !live || welcomed.current) return;
    welcomed.current = true;
    enqueueSnackbar(subscription?.status === 'trialing' ? 'Welcome to Creator Pro! Your free trial has started.' : 'Welcome to Creator Pro!', {
      variant: 'success',
    });
    setParams({}, { replace: true });
  }, [fromCheckout, live, subscription?.status, enqueueSnackbar, setParams]);

  const manage = () => {
    if (!canManageBilling(subscription)) {
      enqueueSnackbar(<ToastText title={NO_ACTIVE_SUBSCRIPTION_TITLE} message={NO_ACTIVE_SUBSCRIPTION_TEXT} />, { variant: 'warning' });
      return;
    }
    portal.mutate(undefined, {
      onError: (error) => enqueueSnackbar(<ToastText title="Error" message={error.message || PORTAL_FAILED_TEXT} />, { variant: 'error' }),
    });
  };

  const label = subscriptionStatusLabel(subscription);
  const message = subscription ? planMessage(subscription) : null;
  return (
    <>
      <PageTitle
        title="Your Video Testing Plan"
        subtitle="Your plan, payments and invoices."
        actions={<TestModeChip active={subscription?.testMode} />}
      />

      {/* Without a live plan the state's message is said here, once; the plan card then does not repeat it. */}
      {subscription && !live && (
        <Alert severity="info" sx={{ mb: 3 }} data-testid="no-active-subscription">
          <AlertTitle>{NO_ACTIVE_SUBSCRIPTION_TITLE}</AlertTitle>
          <span data-testid="billing-message">{message?.text}</span>
        </Alert>
      )}
      {fromCheckout && !live && status.isSuccess && (
        <Alert severity="info" icon={<CircularProgress size={18} />} sx={{ mb: 3 }}>
          Confirming your subscription with Stripe…
        </Alert>
      )}

      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'stretch' }}>
        <Card component="section" aria-labelledby="current-plan" sx={{ p: { xs: 2.5, md: 3.5 } }}>
          <Typography id="current-plan" variant="overline" color="text.secondary">
            Current Plan
          </Typography>
          {status.isPending ? (
            <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 3, color: 'text.secondary' }}>
              <CircularProgress size={20} /> Loading your plan...
            </Box>
          ) : (
            <>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 0.5 }}>
                <Typography variant="h4" component="p" sx={{ fontSize: { xs: '1.7rem', md: '2rem' } }}>
                  {planName(subscription?.planType)}
                </Typography>
                <Chip label={label} color={STATUS_COLOR[subscription?.status ?? ''] ?? 'default'} data-testid="plan-status" />
              </Box>
              <Typography sx={{ mt: 1, fontWeight: 700 }}>
                {subscription?.planType === 'creator_pro' ? `${CREATOR_PRO.monthlyPrice} / ${CREATOR_PRO.cycle}` : '£0 / month'}
              </Typography>
              {subscription && live && (
                <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="billing-message">
                  {message?.text}
                </Typography>
              )}
            </>
          )}
        </Card>

        <Card component="section" aria-labelledby="billing-management" sx={{ p: { xs: 2.5, md: 3.5 } }}>
          <Typography id="billing-management" variant="overline" color="text.secondary">
            Billing Management
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
            {live ? "Stripe's secure billing portal lets you:" : 'With a plan, Stripe’s secure billing portal lets you:'}
          </Typography>
          <Box component="ul" aria-label="Billing portal" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
            {PORTAL_CAPABILITIES.map((item) => (
              <Box component="li" key={item} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <CheckRounded fontSize="small" color="primary" /> {item}
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1.5, mt: 3, flexDirection: { xs: 'column', sm: 'row' } }}>
            {live ? (
              <Button variant="contained" size="large" onClick={manage} disabled={portal.isPending} endIcon={<LaunchRounded />}>
                {portal.isPending ? 'Opening...' : 'Manage Subscription'}
              </Button>
            ) : (
              <Button component={RouterLink} to="/pricing" variant="contained" size="large">
                Subscribe Now
              </Button>
            )}
            <Button component={RouterLink} to="/pricing" variant="outlined" color="inherit" size="large">
              View Plans
            </Button>
          </Box>
        </Card>
      </Box>

      <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, mt: { xs: 2, md: 3 } }}>
        <StatCard label="Videos Tested" value={subscription?.videosTested ?? '—'} icon={<MovieFilterRounded fontSize="small" />} hint="Completed analyses" />
        <StatCard oneLine label="Plan Status" value={label} icon={<VerifiedRounded fontSize="small" />} hint={planName(subscription?.planType)} sx={{ gridColumn: { xs: 'span 2', sm: 'auto' }, order: { xs: -1, sm: 0 } }} />
        <StatCard label="Member Since" value={formatMonthYear(subscription?.memberSince)} icon={<CalendarMonthRounded fontSize="small" />} hint="First sign-in" />
      </Box>

      <Typography color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
        Need help with billing? Email{' '}
        <Link href={`mailto:${contactEmail}`} color="primary">
          {contactEmail}
        </Link>
      </Typography>
    </>
  );
}
