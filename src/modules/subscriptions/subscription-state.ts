import type Stripe from 'stripe';
import type { Subscription, SubscriptionStatus } from './subscription.entity';

export const CREATOR_PRO = 'creator_pro';
export const FREE_PLAN = 'free';

/** The fields of our row that Stripe's subscription object decides. */
export interface PlanState {
  status: SubscriptionStatus;
  planType: string;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  stripeCustomerId: string;
  stripeSubscriptionId: string;
}

/** Stripe's statuses in our words: a paused subscription is a trial that ended without a card. */
export function statusFromStripe(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'canceled':
      return status as SubscriptionStatus;
    case 'unpaid':
      return 'past_due';
    case 'paused':
      return 'expired';
    default:
      return 'inactive'; // incomplete, incomplete_expired: never paid
  }
}

const fromUnix = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Our row's plan fields from Stripe's current subscription object (never from the event's possibly stale copy). */
export function planStateFromStripe(subscription: Stripe.Subscription): PlanState {
  const status = statusFromStripe(subscription.status);
  return {
    status,
    planType: isLive(status) ? CREATOR_PRO : FREE_PLAN,
    trialEndsAt: fromUnix(subscription.trial_end),
    // Since API version 2025-03-31 the period lives on the subscription item.
    currentPeriodEnd: fromUnix(subscription.items?.data?.[0]?.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    stripeCustomerId: idOf(subscription.customer) ?? '',
    stripeSubscriptionId: subscription.id,
  };
}

/** A plan that still belongs to the creator (past_due keeps it while Stripe retries the card). */
export function isLive(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due';
}

/**
 * Whether Stripe's state for `incoming` may replace the row. The same subscription: always (it is Stripe's current
 * state). Another subscription: only when it is live or the row's is not, so a late event about an old, ended
 * subscription never takes the plan away from a newer one.
 */
export function mayReplace(row: Pick<Subscription, 'status' | 'stripeSubscriptionId'> | null, incoming: PlanState): boolean {
  if (!row?.stripeSubscriptionId || row.stripeSubscriptionId === incoming.stripeSubscriptionId) return true;
  return isLive(incoming.status) || !isLive(row.status);
}

/** The status to show and gate on: a trial whose end has passed is expired even before Stripe's event arrives. */
export function effectiveStatus(row: Pick<Subscription, 'status' | 'trialEndsAt'> | null, now = new Date()): SubscriptionStatus {
  if (!row) return 'inactive';
  if (row.status === 'trialing' && row.trialEndsAt && row.trialEndsAt <= now) return 'expired';
  return row.status;
}

/** Active or trialing: unlimited analyses and the billing portal. */
export function hasPaidAccess(row: Pick<Subscription, 'status' | 'trialEndsAt'> | null, now = new Date()): boolean {
  const status = effectiveStatus(row, now);
  return status === 'active' || status === 'trialing';
}

/** The portal is where a card is fixed too, so past_due may open it; expired, cancelled, inactive or none may not. */
export function mayOpenPortal(row: Pick<Subscription, 'status' | 'trialEndsAt' | 'stripeCustomerId'> | null, now = new Date()): boolean {
  return Boolean(row?.stripeCustomerId) && isLive(effectiveStatus(row, now));
}
