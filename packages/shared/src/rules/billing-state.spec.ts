import { BILLING_STATES, billingMessage, billingStateOf, PAYMENT_REQUIRED_REASONS, STATE_OF_PAYMENT_REASON, type BillingFacts, type BillingState } from './billing-state';

const TRIAL_END = '2026-12-21T10:00:00Z';
const PAID_PERIOD_END = '2027-01-20T10:00:00Z';

describe('billingStateOf: the state every billing screen words', () => {
  const cases: Array<[BillingState, BillingFacts]> = [
    ['free', { status: 'inactive', analysesLeft: 1 }],
    ['free', { status: null, analysesLeft: 1 }],
    ['free_used', { status: 'inactive', analysesLeft: 0 }],
    ['trial', { status: 'trialing', trialExpires: TRIAL_END, currentPeriodEnd: TRIAL_END }],
    // Cancelled in the portal during the trial: still a trial, to its end.
    ['trial_cancelled', { status: 'trialing', trialExpires: TRIAL_END, currentPeriodEnd: TRIAL_END, cancelAtPeriodEnd: true }],
    ['active', { status: 'active', trialExpires: TRIAL_END, currentPeriodEnd: PAID_PERIOD_END }],
    ['active_cancelled', { status: 'active', trialExpires: TRIAL_END, currentPeriodEnd: PAID_PERIOD_END, cancelAtPeriodEnd: true }],
    ['past_due', { status: 'past_due', analysesLeft: 0 }],
    ['trial_ended', { status: 'expired', trialExpires: TRIAL_END, analysesLeft: 0 }],
    // A cancelled trial run to its end: the period was the trial.
    ['trial_ended', { status: 'canceled', trialExpires: TRIAL_END, currentPeriodEnd: TRIAL_END, cancelAtPeriodEnd: true, analysesLeft: 0 }],
    // A paid plan ended: after its trial (a paid period past it) or with no trial at all.
    ['plan_ended', { status: 'canceled', trialExpires: TRIAL_END, currentPeriodEnd: PAID_PERIOD_END, analysesLeft: 0 }],
    ['plan_ended', { status: 'canceled', trialExpires: null, currentPeriodEnd: PAID_PERIOD_END, analysesLeft: 0 }],
  ];
  it.each(cases)('%s from %j', (state, facts) => expect(billingStateOf(facts)).toBe(state));

  it('every state is reached by some facts', () => {
    expect(new Set(cases.map(([s]) => s))).toEqual(new Set(BILLING_STATES));
  });
});

describe('billingMessage: one message per state, true of it', () => {
  it('says when a cancelled trial or plan ends, and that it stays until then', () => {
    expect(billingMessage('trial_cancelled', { ends: '21 December 2026' }).text).toBe('Cancelled: your trial runs until 21 December 2026 and the plan will not renew.');
    expect(billingMessage('active_cancelled', { ends: '20 January 2027' }).text).toBe('Cancelled: Creator Pro stays until 20 January 2027.');
    for (const state of ['trial_cancelled', 'active_cancelled', 'trial', 'active', 'past_due'] as const) expect(billingMessage(state).live).toBe(true);
  });

  it('no live state says a trial expired or a plan ended; no ended plan says "free analysis"', () => {
    for (const state of BILLING_STATES) {
      const { text, title, live } = billingMessage(state, { ends: '21 December 2026' });
      if (live) expect(`${title} ${text}`).not.toMatch(/expired|has ended|Free analysis used/i);
      if (state === 'plan_ended' || state === 'trial_ended') expect(`${title} ${text}`).not.toMatch(/free analysis/i);
      expect(text.length).toBeGreaterThan(0);
    }
    expect(new Set(BILLING_STATES.map((s) => billingMessage(s).text)).size).toBe(BILLING_STATES.length);
  });

  it('the 402 reasons and their states map both ways', () => {
    for (const [state, reason] of Object.entries(PAYMENT_REQUIRED_REASONS)) expect(STATE_OF_PAYMENT_REASON[reason]).toBe(state);
    expect(billingMessage('trial_ended').title).toBe('Your trial has ended');
    expect(billingMessage('plan_ended').title).toBe('Your plan has ended');
    expect(billingMessage('free_used').title).toBe('Free analysis used');
  });
});
