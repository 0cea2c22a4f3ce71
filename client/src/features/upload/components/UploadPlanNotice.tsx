import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { billingMessage, type BillingState } from '@preflight/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import { subscriptionStatusKey, useSubscriptionStatus } from '../../../shared/subscription/useSubscription';
import { analysesText } from '../../../shared/subscription/plan';

export interface UploadAllowance {
  /** Analyses the plan still allows; null = unlimited (or not known yet). */
  left: number | null;
  /** The billing state whose one message the note shows (null until loaded). */
  state: BillingState | null;
  /** Creator Pro whose last payment failed: analyses wait until the card is fixed. */
  pastDue: boolean;
  freeAnalyses: number;
  /** More files are waiting than the plan allows. */
  overLimit: boolean;
}

/**
 * What the creator's plan lets the upload page do, from GET /api/subscription/status. Looked up again after each
 * finished upload, since that one used up an analysis.
 */
export function useUploadAllowance(pending: number, uploaded: number): UploadAllowance {
  const status = useSubscriptionStatus();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (uploaded > 0) void queryClient.invalidateQueries({ queryKey: subscriptionStatusKey });
  }, [uploaded, queryClient]);
  const left = status.data ? status.data.analysesLeft : null;
  return {
    left,
    state: status.data?.billingState ?? null,
    pastDue: status.data?.status === 'past_due',
    freeAnalyses: status.data?.freeAnalyses ?? 1,
    overLimit: left !== null && pending > left,
  };
}

const upgrade = (
  <Link component={RouterLink} to="/pricing" color="inherit" sx={{ fontWeight: 700 }}>
    Upgrade to Creator Pro
  </Link>
);

/** Before any file is chosen: what the free plan covers. Nothing for a paid plan. */
export function FreePlanNote({ allowance }: { allowance: UploadAllowance }) {
  if (allowance.left === null) return null;
  if (allowance.pastDue && allowance.left === 0) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="free-plan-note">
        Your last Creator Pro payment failed, so new analyses are paused.{' '}
        <Link component={RouterLink} to="/billing" color="inherit" sx={{ fontWeight: 700 }}>
          Update your card in Billing
        </Link>{' '}
        to carry on.
      </Alert>
    );
  }
  // Nothing left: the state's one message (free analysis used, trial ended, plan ended), never a guess at which.
  if (allowance.left === 0 && allowance.state) {
    return (
      <Alert severity="warning" sx={{ mb: 2 }} data-testid="free-plan-note">
        {billingMessage(allowance.state).text}{' '}
        <Link component={RouterLink} to="/pricing" color="inherit" sx={{ fontWeight: 700 }}>
          See plans
        </Link>
      </Alert>
    );
  }
  return (
    <Alert severity={allowance.left > 0 ? 'info' : 'warning'} sx={{ mb: 2 }} data-testid="free-plan-note">
      {allowance.left > 0
        ? `Free plan: ${analysesText(allowance.freeAnalyses)} included, ${allowance.left} left, no card needed. `
        : `Your free plan's ${analysesText(allowance.freeAnalyses)} is used. `}
      {upgrade} for unlimited analyses.
    </Alert>
  );
}

/** Next to the queue, at once: more files queued than the plan allows. */
export function PlanLimitAlert({ allowance, pending }: { allowance: UploadAllowance; pending: number }) {
  if (!allowance.overLimit || allowance.left === null) return null;
  const extra = pending - allowance.left;
  return (
    <Alert severity="warning" sx={{ mt: 2 }} role="alert" data-testid="plan-limit">
      {allowance.left === 0
        ? `Your plan has no analyses left for the ${pending === 1 ? 'queued video' : `${pending} queued videos`}. `
        : `Your free plan covers ${analysesText(allowance.left)}, and ${pending} videos are queued: remove ${extra} to upload, or `}
      {upgrade} for unlimited analyses.
    </Alert>
  );
}
