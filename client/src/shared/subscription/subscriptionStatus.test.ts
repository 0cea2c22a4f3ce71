// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { canManageBilling, subscriptionStatusLabel, trialDaysLeft } from './subscriptionStatus';

const now = new Date('2026-11-21T12:00:00Z');

describe('subscriptionStatusLabel', () => {
  it.each([
    ['active', 'Active'],
    ['past_due', 'Past Due'],
    ['canceled', 'Cancelled'],
    ['cancelled', 'Cancelled'],
    ['expired', 'Trial Expired'],
    ['inactive', 'Inactive'],
    ['incomplete', 'incomplete'],
    ['', 'unknown'],
  ])('%s → %s', (status, label) => {
    expect(subscriptionStatusLabel({ status }, now)).toBe(label);
  });

  it('is unknown when not loaded', () => {
    expect(subscriptionStatusLabel(null)).toBe('unknown');
    expect(subscriptionStatusLabel(undefined)).toBe('unknown');
  });

  it('trialing shows the days left', () => {
    expect(subscriptionStatusLabel({ status: 'trialing', trialDays: 12 }, now)).toBe('Free Trial (12 days left)');
    expect(subscriptionStatusLabel({ status: 'trialing', trialDays: 1 }, now)).toBe('Free Trial (1 day left)');
    expect(subscriptionStatusLabel({ status: 'trialing', trialExpires: '2026-11-24T11:00:00Z' }, now)).toBe(
      'Free Trial (3 days left)',
    );
    expect(subscriptionStatusLabel({ status: 'trialing' }, now)).toBe('Free Trial');
  });
});

describe('trialDaysLeft', () => {
  it('prefers trialDays, else counts to trialExpires, never below 0', () => {
    expect(trialDaysLeft({ trialDays: 5, trialExpires: '2030-01-01' }, now)).toBe(5);
    expect(trialDaysLeft({ trialDays: -2 }, now)).toBe(0);
    expect(trialDaysLeft({ trialExpires: '2026-11-21T18:00:00Z' }, now)).toBe(1);
    expect(trialDaysLeft({ trialExpires: '2026-11-01T00:00:00Z' }, now)).toBe(0);
    expect(trialDaysLeft({ trialExpires: 'not a date' }, now)).toBeNull();
    expect(trialDaysLeft({}, now)).toBeNull();
  });
});

describe('canManageBilling', () => {
  it('allows active, trialing and past_due plans (the card is fixed in the portal)', () => {
    expect(canManageBilling({ status: 'active' })).toBe(true);
    expect(canManageBilling({ status: 'trialing' })).toBe(true);
    expect(canManageBilling({ status: 'expired' })).toBe(false);
    expect(canManageBilling({ status: 'inactive' })).toBe(false);
    expect(canManageBilling({ status: 'past_due' })).toBe(true);
    expect(canManageBilling({ status: 'canceled' })).toBe(false);
    expect(canManageBilling(null)).toBe(false);
  });
});
