/**
 * The creator's billing state and the one message that is true of each (docs/product.md, Billing): the server decides
 * the state (GET /api/subscription/status answers it as `billingState`) and words its 402 refusals from this table; the
 * billing page, the upload page's notice and the 402 dialog show the same words. One table, so no screen says "Your
 * trial has expired" to a creator whose trial runs on, or "Free analysis used" to one whose paid plan ended.
 *
 * A cancel in Stripe's billing portal takes effect at the end of the period (`cancel_at_period_end`): until then the
 * plan is live and the state is trial_cancelled or active_cancelled; when Stripe ends it the state is trial_ended
 * (the plan never got past its trial) or plan_ended (a paid period was had).
 */
export const BILLING_STATES = [
  'free',
  'free_used',
  'trial',
  'trial_cancelled',
  'active',
  'active_cancelled',
  'past_due',
  'trial_ended',
  'plan_ended',
] as const;
export type BillingState = (typeof BILLING_STATES)[number];

/** What the state is read from: the subscription row as GET /api/subscription/status answers it. */
export interface BillingFacts {
  /** Our status (src/modules/subscriptions/subscription-state.ts): active, trialing, past_due, canceled, expired, inactive. */
  status: string | null | undefined;
  cancelAtPeriodEnd?: boolean | null;
  /** ISO date-times. */
  trialExpires?: string | null;
  currentPeriodEnd?: string | null;
  /** Free analyses left; null = unlimited. */
  analysesLeft?: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const time = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

/**
 * An ended subscription had a paid period when it had no trial, or its last period ran past the trial's end (Stripe
 * starts a paid period when the trial converts; a plan cancelled during its trial ends with the trial).
 */
function hadPaidPeriod(facts: BillingFacts): boolean {
  const trialEnd = time(facts.trialExpires);
  if (Number.isNaN(trialEnd)) return true;
  const periodEnd = time(facts.currentPeriodEnd);
  return !Number.isNaN(periodEnd) && periodEnd - trialEnd > DAY_MS;
}

export function billingStateOf(facts: BillingFacts): BillingState {
  switch (facts.status) {
    case 'trialing':
      return facts.cancelAtPeriodEnd ? 'trial_cancelled' : 'trial';
    case 'active':
      return facts.cancelAtPeriodEnd ? 'active_cancelled' : 'active';
    case 'past_due':
      return 'past_due';
    case 'expired':
      return 'trial_ended';
    case 'canceled':
    case 'cancelled':
      return hadPaidPeriod(facts) ? 'plan_ended' : 'trial_ended';
    default:
      return facts.analysesLeft === 0 ? 'free_used' : 'free';
  }
}

/** What the message needs filled in: dates already written for people ("21 December 2026"), counts. */
export interface BillingMessageValues {
  /** When the trial ends (trial states) or the paid period ends (active states). */
  ends?: string | null;
  freeAnalyses?: number;
  analysesLeft?: number | null;
  /** "£99/month". */
  price?: string;
}

export interface BillingMessage {
  /** The heading where one is shown (the 402 dialog, the billing page's notice). */
  title: string;
  text: string;
  /** False when the plan no longer gives unlimited analyses: the billing page shows its No Active Subscription notice. */
  live: boolean;
}

const analyses = (n: number) => `${n} ${n === 1 ? 'analysis' : 'analyses'}`;

/** Each state's one message. */
export function billingMessage(state: BillingState, v: BillingMessageValues = {}): BillingMessage {
  const price = v.price ?? '£99/month';
  const free = v.freeAnalyses ?? 1;
  switch (state) {
    case 'free':
      return { title: 'Free plan', live: false, text: `The free plan includes ${analyses(free)}: ${v.analysesLeft ?? free} left, no card needed.` };
    case 'free_used':
      return { title: 'Free analysis used', live: false, text: `Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.` };
    case 'trial':
      return { title: 'Free trial', live: true, text: v.ends ? `Your trial ends on ${v.ends}; then ${price}, billed monthly.` : `Your free trial is on; then ${price}, billed monthly.` };
    case 'trial_cancelled':
      return {
        title: 'Trial cancelled',
        live: true,
        text: v.ends ? `Cancelled: your trial runs until ${v.ends} and the plan will not renew.` : 'Cancelled: your trial runs to its end and the plan will not renew.',
      };
    case 'active':
      return { title: 'Creator Pro', live: true, text: v.ends ? `${price}; next payment on ${v.ends}.` : `${price}, billed monthly.` };
    case 'active_cancelled':
      return { title: 'Plan cancelled', live: true, text: v.ends ? `Cancelled: Creator Pro stays until ${v.ends}.` : 'Cancelled: Creator Pro stays until the end of this period.' };
    case 'past_due':
      return { title: 'Payment failed', live: true, text: 'Your last payment failed. Update your card in the billing portal to keep Creator Pro.' };
    case 'trial_ended':
      return { title: 'Your trial has ended', live: false, text: 'Your trial has expired. Please upgrade to continue uploading.' };
    case 'plan_ended':
      return { title: 'Your plan has ended', live: false, text: 'Your Creator Pro plan has ended. Subscribe again to continue uploading.' };
  }
}

/** The 402's `reason` for the states that refuse an analysis (the dialog's title and text come from the table). */
export const PAYMENT_REQUIRED_REASONS = { free_used: 'free_analysis_used', trial_ended: 'trial_expired', plan_ended: 'plan_ended' } as const;
export type PaymentRequiredReason = (typeof PAYMENT_REQUIRED_REASONS)[keyof typeof PAYMENT_REQUIRED_REASONS];
export const STATE_OF_PAYMENT_REASON: Record<PaymentRequiredReason, BillingState> = { free_analysis_used: 'free_used', trial_expired: 'trial_ended', plan_ended: 'plan_ended' };
