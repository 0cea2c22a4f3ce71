/** Subscription status display and the billing-portal rule (docs/product.md, Rules › Subscription status; Billing). */

export interface SubscriptionStatus {
  status?: string | null;
  planType?: string | null;
  trialDays?: number | null;
  trialExpires?: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days of trial left: `trialDays` when given, else counted up to `trialExpires`; null when unknown. */
export function trialDaysLeft(subscription: SubscriptionStatus, now: Date = new Date()): number | null {
  if (typeof subscription.trialDays === 'number' && Number.isFinite(subscription.trialDays)) {
    return Math.max(0, Math.ceil(subscription.trialDays));
  }
  if (subscription.trialExpires) {
    const expires = Date.parse(subscription.trialExpires);
    if (!Number.isNaN(expires)) return Math.max(0, Math.ceil((expires - now.getTime()) / DAY_MS));
  }
  return null;
}

/** Label for a subscription: "unknown" until it has loaded; unrecognised statuses are shown raw. */
export function subscriptionStatusLabel(subscription: SubscriptionStatus | null | undefined, now: Date = new Date()): string {
  if (!subscription) return 'unknown';
  const status = subscription.status ?? '';
  switch (status) {
    case 'active':
      return 'Active';
    case 'trialing': {
      const days = trialDaysLeft(subscription, now);
      return days === null ? 'Free Trial' : `Free Trial (${days} ${days === 1 ? 'day' : 'days'} left)`;
    }
    case 'past_due':
      return 'Past Due';
    case 'canceled':
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Trial Expired';
    case 'inactive':
      return 'Inactive';
    default:
      return status || 'unknown';
  }
}

/**
 * The billing portal needs a live plan: active or trialing, and past_due too (the portal is where the card is fixed;
 * the server applies the same rule). Expired, cancelled, inactive or none is refused.
 */
export function canManageBilling(subscription: SubscriptionStatus | null | undefined): boolean {
  return subscription?.status === 'active' || subscription?.status === 'trialing' || subscription?.status === 'past_due';
}
