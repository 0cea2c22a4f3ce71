import CheckRounded from '@mui/icons-material/CheckRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useEffect, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAuth } from '../../../shared/auth';
import { useAppConfig } from '../../../shared/config';
import { PageTitle } from '../../../shared/components/PageTitle';
import { brand } from '../../../theme';
import { useStartCheckout, useSubscriptionStatus } from '../../../shared/subscription/useSubscription';
import { TestModeChip } from '../../../shared/components/TestModeChip';
import { ToastText } from '../../../shared/components/ToastText';
import { CREATOR_PRO, trialUsed } from '../../../shared/subscription/plan';
import { canManageBilling } from '../../../shared/subscription/subscriptionStatus';

export const FREE_FEATURES = [
  'One complete video analysis',
  'Hook, pacing, energy and predicted retention',
  'Every issue with its timestamp, evidence and fix',
  'Gentle, balanced or brutal feedback',
  'No credit card needed',
];

export const PRO_FEATURES = [
  'Unlimited video analyses',
  'Everything in Free, on every video you make',
  'Change or cancel your plan in the billing portal',
  'An invoice for every payment',
];

/** Where a signed-out visitor signs in before coming back here. */
export const SIGN_IN_THEN_PRICING = '/login?next=/pricing';

function PlanCard({ name, price, note, badge, features, action, highlight = false }: {
  name: string;
  price: string;
  note: string;
  badge?: ReactNode;
  features: string[];
  action: ReactNode;
  highlight?: boolean;
}) {
  return (
    <Card
      component="section"
      aria-label={`${name} plan`}
      sx={{
        p: { xs: 3, md: 4 },
        display: 'flex',
        flexDirection: 'column',
        ...(highlight && { border: `1px solid ${alpha(brand.violet, 0.6)}`, boxShadow: `0 0 0 1px ${alpha(brand.violet, 0.25)}, 0 24px 60px ${alpha(brand.violet, 0.18)}` }),
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2">
          {name}
        </Typography>
        {badge}
      </Box>
      <Typography component="p" sx={{ mt: 2, fontWeight: 800, fontSize: { xs: '2.4rem', md: '2.8rem' }, lineHeight: 1 }}>
        {price}
        <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem', fontWeight: 500, ml: 0.75 }}>
          / month
        </Typography>
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, minHeight: { md: 48 } }}>
        {note}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2.5, mb: 3, display: 'grid', gap: 1, flex: 1, alignContent: 'start' }}>
        {features.map((feature) => (
          <Box component="li" key={feature} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <CheckRounded fontSize="small" color="primary" sx={{ mt: '2px' }} /> {feature}
          </Box>
        ))}
      </Box>
      {action}
    </Card>
  );
}

export function PricingPage() {
  const { state } = useAuth();
  const { contactEmail, billing } = useAppConfig();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const status = useSubscriptionStatus();
  const checkout = useStartCheckout();
  const signedIn = state.status === 'signedIn';
  const subscription = status.data;
  const hasPlan = canManageBilling(subscription);
  const offersTrial = billing.trialDays > 0 && !trialUsed(subscription);
  const trialText = `${billing.trialDays}-day free trial`;

  useEffect(() => {
    if (params.get('checkout') !== 'cancelled') return;
    enqueueSnackbar('Checkout cancelled: nothing was charged.', { variant: 'info' });
    setParams({}, { replace: true });
  }, [params, setParams, enqueueSnackbar]);

  const subscribe = () => {
    if (!signedIn) {
      void navigate(SIGN_IN_THEN_PRICING); // in-app navigation: nothing waits for it
      return;
    }
    checkout.mutate(undefined, { onError: (error) => enqueueSnackbar(<ToastText title="Error" message={error.message} />, { variant: 'error' }) });
  };

  const freeLeft = subscription?.analysesLeft;
  const freeAction =
    signedIn && !hasPlan && freeLeft === 0 ? (
      <Button variant="outlined" color="inherit" size="large" disabled>
        Free analysis used
      </Button>
    ) : (
      <Button component={RouterLink} to="/upload" variant="outlined" color="inherit" size="large">
        {signedIn ? 'Upload a video' : 'Get My Free Analysis'}
      </Button>
    );

  const proAction = hasPlan ? (
    <Button component={RouterLink} to="/billing" variant="contained" size="large">
      Manage your plan
    </Button>
  ) : (
    <Button variant="contained" size="large" onClick={subscribe} disabled={!billing.available || checkout.isPending || (signedIn && status.isPending)}>
      {checkout.isPending ? 'Opening checkout...' : offersTrial ? 'Start free trial' : 'Subscribe'}
    </Button>
  );

  return (
    <>
      <PageTitle
        title="Pricing"
        subtitle="Start with one free analysis. Go unlimited with Creator Pro when testing every video becomes a habit."
        actions={<TestModeChip active={billing.testMode} />}
      />

      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, maxWidth: 920, mx: 'auto' }}>
        <PlanCard name="Free" price="£0" note="One analysis to see what Preflight finds in your video." features={FREE_FEATURES} action={freeAction} />
        <PlanCard
          highlight
          name={CREATOR_PRO.name}
          price={CREATOR_PRO.monthlyPrice}
          note={
            offersTrial
              ? `£0 for ${billing.trialDays} days, then ${CREATOR_PRO.monthlyPrice} a month, billed monthly. Cancel during the trial and you pay nothing.`
              : `${CREATOR_PRO.monthlyPrice} a month, billed monthly.`
          }
          badge={offersTrial ? <Chip label={trialText} color="primary" size="small" /> : hasPlan ? <Chip label="Your plan" color="success" size="small" /> : undefined}
          features={PRO_FEATURES}
          action={proAction}
        />
      </Box>
      {!signedIn && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 2 }} variant="body2">
          You sign in with Google first, then come back here to check out. Payments are handled by Stripe.
        </Typography>
      )}

      <Box component="section" aria-labelledby="faq" sx={{ maxWidth: 920, mx: 'auto', mt: { xs: 6, md: 8 } }}>
        <Typography id="faq" variant="h5" component="h2" sx={{ mb: 2 }}>
          Questions
        </Typography>
        {[
          {
            q: 'What happens to my video?',
            a: 'It is analysed and then deleted as soon as the analysis ends; the frame images in your report are deleted 48 hours later. We never post, share or train on it.',
          },
          {
            q: 'How do I cancel?',
            a: `Open Billing → Manage Subscription and cancel in Stripe's billing portal, any time. Cancel during the ${billing.trialDays}-day trial and you are never charged; after that, no further payment is taken.`,
          },
          {
            q: 'Where are my invoices?',
            a: 'Stripe sends a receipt for every payment, and every invoice is in the billing portal (Billing → Manage Subscription) to view and download.',
          },
          {
            q: 'What counts as my free analysis?',
            a: 'One analysis that completes. If an analysis fails, it does not count and you can upload again.',
          },
        ].map(({ q, a }) => (
          <Accordion key={q} disableGutters>
            <AccordionSummary expandIcon={<ExpandMoreRounded />}>
              <Typography sx={{ fontWeight: 600 }}>{q}</Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Typography color="text.secondary">{a}</Typography>
            </AccordionDetails>
          </Accordion>
        ))}
        <Typography color="text.secondary" sx={{ mt: 4, textAlign: 'center' }}>
          Teams, agencies or more than one channel? Contact sales at{' '}
          <Link href={`mailto:${contactEmail}`} color="primary">
            {contactEmail}
          </Link>
        </Typography>
      </Box>
    </>
  );
}
