import type Stripe from 'stripe';
import { effectiveStatus, hasPaidAccess, mayOpenPortal, mayReplace, planStateFromStripe, statusFromStripe } from './subscription-state';

const subscription = (over: Partial<Record<string, unknown>> = {}) =>
  ({
    id: 'sub_1',
    status: 'trialing',
    customer: 'cus_1',
    trial_end: 1_800_000_000,
    cancel_at_period_end: false,
    items: { data: [{ current_period_end: 1_800_000_000 }] },
    ...over,
  }) as unknown as Stripe.Subscription;

describe('plan state from Stripe', () => {
  it.each([
    ['trialing', 'trialing'],
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['canceled', 'canceled'],
    ['paused', 'expired'],
    ['incomplete', 'inactive'],
    ['incomplete_expired', 'inactive'],
  ])('%s → %s', (stripe, ours) => {
    expect(statusFromStripe(stripe as Stripe.Subscription.Status)).toBe(ours);
  });

  it('takes the period from the subscription item and the customer id from an expanded customer', () => {
    expect(planStateFromStripe(subscription({ customer: { id: 'cus_9' }, status: 'canceled' }))).toEqual({
      status: 'canceled',
      planType: 'free',
      trialEndsAt: new Date(1_800_000_000_000),
      currentPeriodEnd: new Date(1_800_000_000_000),
      cancelAtPeriodEnd: false,
      stripeCustomerId: 'cus_9',
      stripeSubscriptionId: 'sub_1',
    });
    expect(planStateFromStripe(subscription()).planType).toBe('creator_pro');
  });
});

describe('rules on the row', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const past = new Date('2026-11-22T12:00:00Z');
  const future = new Date('2026-11-30T12:00:00Z');

  it('a trial past its end is expired even before Stripe says so', () => {
    expect(effectiveStatus({ status: 'trialing', trialEndsAt: past }, now)).toBe('expired');
    expect(effectiveStatus({ status: 'trialing', trialEndsAt: future }, now)).toBe('trialing');
    expect(effectiveStatus(null, now)).toBe('inactive');
  });

  it('only active or an unexpired trial analyse without limit', () => {
    expect(hasPaidAccess({ status: 'active', trialEndsAt: past }, now)).toBe(true);
    expect(hasPaidAccess({ status: 'trialing', trialEndsAt: future }, now)).toBe(true);
    expect(hasPaidAccess({ status: 'trialing', trialEndsAt: past }, now)).toBe(false);
    expect(hasPaidAccess({ status: 'past_due', trialEndsAt: null }, now)).toBe(false);
    expect(hasPaidAccess({ status: 'canceled', trialEndsAt: null }, now)).toBe(false);
    expect(hasPaidAccess(null, now)).toBe(false);
  });

  it('the portal needs a Stripe customer and a live plan (past_due included: that is where the card is fixed)', () => {
    expect(mayOpenPortal({ status: 'past_due', trialEndsAt: null, stripeCustomerId: 'cus_1' }, now)).toBe(true);
    expect(mayOpenPortal({ status: 'active', trialEndsAt: null, stripeCustomerId: null }, now)).toBe(false);
    expect(mayOpenPortal({ status: 'trialing', trialEndsAt: past, stripeCustomerId: 'cus_1' }, now)).toBe(false);
    expect(mayOpenPortal({ status: 'inactive', trialEndsAt: null, stripeCustomerId: 'cus_1' }, now)).toBe(false);
  });

  it('an ended older subscription never replaces a live newer one', () => {
    const ended = planStateFromStripe(subscription({ id: 'sub_old', status: 'canceled' }));
    const live = planStateFromStripe(subscription({ id: 'sub_new', status: 'active' }));
    expect(mayReplace({ status: 'active', stripeSubscriptionId: 'sub_new' }, ended)).toBe(false);
    expect(mayReplace({ status: 'canceled', stripeSubscriptionId: 'sub_old' }, live)).toBe(true);
    expect(mayReplace({ status: 'active', stripeSubscriptionId: 'sub_old' }, ended)).toBe(true); // same one: Stripe's word
    expect(mayReplace(null, ended)).toBe(true);
  });
});
