import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp, signedIn } from '../../../test/render';
import { ApiError } from '../../../shared/api';
import { billingMessage, billingStateOf, type BillingState } from '@preflight/shared';
import { BillingPage, PORTAL_CAPABILITIES } from './BillingPage';

const sdk = vi.hoisted(() => ({ getSubscriptionStatus: vi.fn(), createPortalSession: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));
const nav = vi.hoisted(() => ({ leaveApp: vi.fn() }));
vi.mock('../../../shared/subscription/leaveApp', () => nav);

/** A status answer; its billingState is what the server works out with the same rule (billingStateOf). */
const status = (over: Record<string, unknown> = {}) => {
  const data = {
    status: 'inactive',
    planType: 'free',
    trialDays: null,
    trialExpires: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    analysesLeft: 1,
    freeAnalyses: 1,
    videosTested: 3,
    memberSince: '2024-12-05T10:00:00Z',
    testMode: false,
    ...over,
  } as { status: string; cancelAtPeriodEnd: boolean; trialExpires: string | null; currentPeriodEnd: string | null; analysesLeft: number | null };
  return { data: { billingState: billingStateOf(data), ...data } };
};

const renderBilling = (route = '/billing') =>
  renderApp(<BillingPage />, { route, auth: fakeAuth(signedIn()), routes: { '/pricing': <p>Pricing page</p> } });

beforeEach(() => {
  Object.values(sdk).forEach((fn) => fn.mockReset());
  nav.leaveApp.mockReset();
});

describe('BillingPage', () => {
  it('a free creator: No Active Subscription, Subscribe Now → /pricing, View Plans, the portal list, real figures, help contact', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status());
    renderBilling();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Video Testing Plan' })).toBeInTheDocument();
    expect(await screen.findByTestId('no-active-subscription')).toHaveTextContent('No Active Subscription');
    expect(screen.getByTestId('plan-status')).toHaveTextContent('Inactive');
    expect(screen.getByText('Current Plan')).toBeInTheDocument();
    expect(screen.getByText('Billing Management')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('button', { name: /Manage Subscription/ })).not.toBeInTheDocument();
    const portal = screen.getByRole('list', { name: 'Billing portal' });
    expect(within(portal).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(PORTAL_CAPABILITIES);
    expect(screen.getByRole('region', { name: 'Videos Tested' })).toHaveTextContent('3');
    expect(screen.getByRole('region', { name: 'Plan Status' })).toHaveTextContent('Inactive');
    expect(screen.getByRole('region', { name: 'Member Since' })).toHaveTextContent('Dec 2024');
    expect(screen.getByRole('link', { name: 'hello@preflight.test' })).toHaveAttribute('href', 'mailto:hello@preflight.test');
    expect(screen.queryByTestId('test-mode')).not.toBeInTheDocument();
  });

  it.each([
    ['expired', 'Trial Expired'],
    ['canceled', 'Cancelled'],
  ])('%s shows No Active Subscription and %s', async (value, label) => {
    sdk.getSubscriptionStatus.mockResolvedValue(status({ status: value, analysesLeft: 0 }));
    renderBilling();
    expect(await screen.findByTestId('no-active-subscription')).toBeInTheDocument();
    expect(screen.getByTestId('plan-status')).toHaveTextContent(label);
    expect(screen.getByRole('link', { name: 'Subscribe Now' })).toBeInTheDocument();
  });

  it('a trial: Free Trial with days left, test mode, Manage Subscription opens the portal URL', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(
      status({ status: 'trialing', planType: 'creator_pro', trialDays: 12, trialExpires: '2026-12-05T10:00:00Z', analysesLeft: null, testMode: true }),
    );
    sdk.createPortalSession.mockResolvedValue({ data: { url: 'https://billing.stripe.com/p/session/abc' } });
    renderBilling();
    expect(await screen.findByTestId('plan-status')).toHaveTextContent('Free Trial (12 days left)');
    expect(screen.getAllByText('Creator Pro')[0]).toBeInTheDocument();
    expect(screen.getByTestId('billing-message')).toHaveTextContent('Your trial ends on 5 December 2026');
    expect(screen.getByTestId('test-mode')).toHaveTextContent('Test mode');
    expect(screen.queryByTestId('no-active-subscription')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Manage Subscription/ }));
    await waitFor(() => expect(nav.leaveApp).toHaveBeenCalledWith('https://billing.stripe.com/p/session/abc'));
  });

  it('past due: the label, what to do, and the portal still opens', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status({ status: 'past_due', planType: 'creator_pro', analysesLeft: 0 }));
    renderBilling();
    expect(await screen.findByTestId('plan-status')).toHaveTextContent('Past Due');
    expect(screen.getByTestId('billing-message')).toHaveTextContent('Your last payment failed');
    expect(screen.getByRole('button', { name: /Manage Subscription/ })).toBeInTheDocument();
  });

  it('active: the next payment date; cancelled in the portal: until when the plan stays', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status({ status: 'active', planType: 'creator_pro', currentPeriodEnd: '2026-12-20T10:00:00Z', analysesLeft: null }));
    const { unmount } = renderBilling();
    expect(await screen.findByTestId('billing-message')).toHaveTextContent('£99/month; next payment on 20 December 2026.');
    expect(screen.getByTestId('plan-status')).toHaveTextContent('Active');
    unmount();
    sdk.getSubscriptionStatus.mockResolvedValue(
      status({ status: 'active', planType: 'creator_pro', currentPeriodEnd: '2026-12-20T10:00:00Z', cancelAtPeriodEnd: true, analysesLeft: null }),
    );
    renderBilling();
    expect(await screen.findByTestId('billing-message')).toHaveTextContent('Cancelled: Creator Pro stays until 20 December 2026.');
  });

  // Every billing state, as the server answers it: its one message, shown once on the page, true of that state.
  const TRIAL_END = '2026-12-21T10:00:00Z';
  const PERIOD_END = '2027-01-20T10:00:00Z';
  const states: Array<[BillingState, Record<string, unknown>, string]> = [
    ['free', {}, 'The free plan includes 1 analysis: 1 left, no card needed.'],
    ['free_used', { analysesLeft: 0 }, 'Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.'],
    ['trial', { status: 'trialing', planType: 'creator_pro', trialDays: 14, trialExpires: TRIAL_END, currentPeriodEnd: TRIAL_END, analysesLeft: null }, 'Your trial ends on 21 December 2026; then £99/month, billed monthly.'],
    ['trial_cancelled', { status: 'trialing', planType: 'creator_pro', trialDays: 14, trialExpires: TRIAL_END, currentPeriodEnd: TRIAL_END, cancelAtPeriodEnd: true, analysesLeft: null }, 'Cancelled: your trial runs until 21 December 2026 and the plan will not renew.'],
    ['active', { status: 'active', planType: 'creator_pro', trialExpires: TRIAL_END, currentPeriodEnd: PERIOD_END, analysesLeft: null }, '£99/month; next payment on 20 January 2027.'],
    ['active_cancelled', { status: 'active', planType: 'creator_pro', trialExpires: TRIAL_END, currentPeriodEnd: PERIOD_END, cancelAtPeriodEnd: true, analysesLeft: null }, 'Cancelled: Creator Pro stays until 20 January 2027.'],
    ['past_due', { status: 'past_due', planType: 'creator_pro', analysesLeft: 0 }, 'Your last payment failed. Update your card in the billing portal to keep Creator Pro.'],
    ['trial_ended', { status: 'canceled', trialExpires: TRIAL_END, currentPeriodEnd: TRIAL_END, cancelAtPeriodEnd: true, analysesLeft: 0 }, 'Your trial has expired. Please upgrade to continue uploading.'],
    ['plan_ended', { status: 'canceled', trialExpires: TRIAL_END, currentPeriodEnd: PERIOD_END, cancelAtPeriodEnd: true, analysesLeft: 0 }, 'Your Creator Pro plan has ended. Subscribe again to continue uploading.'],
  ];
  it.each(states)('%s: one message, true of it, shown once', async (state, over, text) => {
    const answer = status(over);
    expect(answer.data.billingState).toBe(state);
    sdk.getSubscriptionStatus.mockResolvedValue(answer);
    renderBilling();
    expect(await screen.findByTestId('billing-message')).toHaveTextContent(text);
    expect(screen.getAllByTestId('billing-message')).toHaveLength(1);
    expect(screen.getAllByText(text)).toHaveLength(1);
    const live = billingMessage(state).live;
    expect(screen.queryByTestId('no-active-subscription') !== null).toBe(!live);
    // A trial cancelled in the portal is still a trial until its end: nothing says it expired.
    if (state === 'trial_cancelled') expect(screen.queryByText(/expired/)).not.toBeInTheDocument();
  });

  it('portal failure: toast Error with the server message', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status({ status: 'active', planType: 'creator_pro', analysesLeft: null }));
    sdk.createPortalSession.mockRejectedValue(new ApiError('Please subscribe to a plan before managing billing.', 403));
    renderBilling();
    await userEvent.click(await screen.findByRole('button', { name: /Manage Subscription/ }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Please subscribe to a plan before managing billing.');
    expect(nav.leaveApp).not.toHaveBeenCalled();
  });

  it('load failure: toast Error / Failed to load subscription information; the label stays unknown', async () => {
    sdk.getSubscriptionStatus.mockRejectedValue(new ApiError('boom', 500));
    renderBilling();
    const toast = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(toast).toHaveTextContent('ErrorFailed to load subscription information');
    expect(screen.getByRole('region', { name: 'Plan Status' })).toHaveTextContent('unknown');
  });

  it('back from Checkout: looks again until the webhook has made the plan live, then welcomes', async () => {
    sdk.getSubscriptionStatus
      .mockResolvedValueOnce(status())
      .mockResolvedValue(status({ status: 'trialing', planType: 'creator_pro', trialDays: 14, analysesLeft: null }));
    renderBilling('/billing?checkout=success');
    expect(await screen.findByText('Confirming your subscription with Stripe…')).toBeInTheDocument();
    expect(await screen.findByText('Welcome to Creator Pro! Your free trial has started.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('plan-status')).toHaveTextContent('Free Trial (14 days left)');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/billing$/));
  });
});
