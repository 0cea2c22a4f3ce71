import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp, signedIn, testConfig } from '../../../test/render';
import { FREE_FEATURES, PricingPage, PRO_FEATURES } from './PricingPage';

const sdk = vi.hoisted(() => ({ getSubscriptionStatus: vi.fn(), createCheckoutSession: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));
const nav = vi.hoisted(() => ({ leaveApp: vi.fn() }));
vi.mock('../../../shared/subscription/leaveApp', () => nav);

const status = (over: Record<string, unknown> = {}) => ({
  data: { status: 'inactive', planType: 'free', trialDays: null, trialExpires: null, analysesLeft: 1, freeAnalyses: 1, videosTested: 0, memberSince: '2026-11-01T00:00:00Z', testMode: true, cancelAtPeriodEnd: false, currentPeriodEnd: null, ...over },
});

const renderPricing = (options: { signedIn?: boolean; route?: string; config?: typeof testConfig } = {}) =>
  renderApp(<PricingPage />, {
    route: options.route ?? '/pricing',
    auth: fakeAuth(options.signedIn ? signedIn() : { status: 'signedOut' }),
    config: options.config,
    routes: { '/login': <p>Login page</p>, '/billing': <p>Billing page</p>, '/upload': <p>Upload page</p> },
  });

beforeEach(() => {
  Object.values(sdk).forEach((fn) => fn.mockReset());
  nav.leaveApp.mockReset();
});

describe('PricingPage', () => {
  it('shows both plans, the trial, the FAQ and the contact-sales address', () => {
    renderPricing();
    const free = screen.getByRole('region', { name: 'Free plan' });
    const pro = screen.getByRole('region', { name: 'Creator Pro plan' });
    for (const feature of FREE_FEATURES) expect(free).toHaveTextContent(feature);
    for (const feature of PRO_FEATURES) expect(pro).toHaveTextContent(feature);
    expect(free).toHaveTextContent('£0');
    expect(pro).toHaveTextContent('£99');
    expect(pro).toHaveTextContent('14-day free trial');
    expect(pro).toHaveTextContent('£0 for 14 days, then £99 a month, billed monthly.');
    for (const q of ['What happens to my video?', 'How do I cancel?', 'Where are my invoices?']) expect(screen.getByText(q)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'hello@preflight.test' })).toHaveAttribute('href', 'mailto:hello@preflight.test');
    expect(screen.queryByTestId('test-mode')).not.toBeInTheDocument();
    expect(sdk.getSubscriptionStatus).not.toHaveBeenCalled(); // signed out: no API call
  });

  it('says test mode when payments are in test mode, and the configured trial length', () => {
    renderPricing({ config: { ...testConfig, billing: { available: true, testMode: true, trialDays: 7 } } });
    expect(screen.getByTestId('test-mode')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Creator Pro plan' })).toHaveTextContent('7-day free trial');
  });

  it('a signed-out visitor is sent to sign in first, then back to /pricing', async () => {
    renderPricing();
    await userEvent.click(screen.getByRole('button', { name: 'Start free trial' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/login?next=/pricing');
    expect(sdk.createCheckoutSession).not.toHaveBeenCalled();
  });

  it('a signed-in free creator starts the trial: Checkout opens', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status());
    sdk.createCheckoutSession.mockResolvedValue({ data: { url: 'https://checkout.stripe.com/c/pay/cs_test_1' } });
    renderPricing({ signedIn: true });
    const button = screen.getByRole('button', { name: 'Start free trial' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(nav.leaveApp).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_1'));
  });

  it('a creator whose trial is used is offered Subscribe; the used free analysis says so', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status({ status: 'canceled', trialExpires: '2026-10-01T00:00:00Z', analysesLeft: 0 }));
    renderPricing({ signedIn: true });
    expect(await screen.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Free analysis used' })).toBeDisabled();
  });

  it('a creator with a plan is sent to /billing to manage it', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status({ status: 'active', planType: 'creator_pro', analysesLeft: null }));
    renderPricing({ signedIn: true });
    expect(await screen.findByRole('link', { name: 'Manage your plan' })).toHaveAttribute('href', '/billing');
  });

  it('back from a cancelled checkout: says nothing was charged', async () => {
    renderPricing({ route: '/pricing?checkout=cancelled' });
    expect(await screen.findByText('Checkout cancelled: nothing was charged.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/pricing$/);
  });
});
