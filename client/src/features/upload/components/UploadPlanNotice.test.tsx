import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp, signedIn } from '../../../test/render';
import { billingStateOf } from '@preflight/shared';
import { UploadPage } from '../routes/UploadPage';

const sdk = vi.hoisted(() => ({ getSubscriptionStatus: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

/** A status answer; its billingState is what the server works out with the same rule (billingStateOf). */
const status = (over: Record<string, unknown> = {}) => {
  const data = { status: 'inactive', planType: 'free', trialDays: null, trialExpires: null, analysesLeft: 1, freeAnalyses: 1, videosTested: 0, memberSince: '2026-11-01T00:00:00Z', testMode: false, cancelAtPeriodEnd: false, currentPeriodEnd: null, ...over };
  return { data: { ...data, billingState: billingStateOf(data as Parameters<typeof billingStateOf>[0]) } };
};
const video = (name: string) => new File([new Uint8Array(8)], name, { type: 'video/mp4' });
const pick = (files: File[]) => userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('file-input'), files);
const renderUpload = () => renderApp(<UploadPage start={vi.fn()} />, { route: '/upload', auth: fakeAuth(signedIn()), routes: { '/pricing': <p>Pricing page</p> } });

beforeEach(() => sdk.getSubscriptionStatus.mockReset());

describe('the plan on the upload page', () => {
  it('a free creator sees what the free plan covers before choosing files, and the limit at once when two are queued', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status());
    renderUpload();
    expect(await screen.findByTestId('free-plan-note')).toHaveTextContent('Free plan: 1 analysis included, 1 left, no card needed.');
    await pick([video('a.mp4')]);
    expect(screen.queryByTestId('plan-limit')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Upload All/ })).toBeEnabled();

    await pick([video('b.mp4')]);
    expect(screen.getByTestId('plan-limit')).toHaveTextContent('Your free plan covers 1 analysis, and 2 videos are queued: remove 1 to upload');
    expect(screen.getByRole('button', { name: /Upload All/ })).toBeDisabled();
    await userEvent.click(screen.getAllByRole('link', { name: 'Upgrade to Creator Pro' }).at(-1)!);
    expect(screen.getByTestId('location')).toHaveTextContent('/pricing');
  });

  it('a used free plan says so before any file is chosen', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status({ analysesLeft: 0 }));
    renderUpload();
    expect(await screen.findByTestId('free-plan-note')).toHaveTextContent('Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.');
    await pick([video('a.mp4')]);
    expect(screen.getByTestId('plan-limit')).toHaveTextContent('Your plan has no analyses left for the queued video.');
  });

  it.each([
    ['a trial that ended', { status: 'expired', trialExpires: '2026-11-15T00:00:00Z', analysesLeft: 0 }, 'Your trial has expired. Please upgrade to continue uploading.'],
    ['a paid plan that ended', { status: 'canceled', trialExpires: '2026-10-15T00:00:00Z', currentPeriodEnd: '2026-11-14T00:00:00Z', analysesLeft: 0 }, 'Your Creator Pro plan has ended. Subscribe again to continue uploading.'],
  ])('%s: the note says what is true of it, not "free analysis used"', async (_name, over, text) => {
    sdk.getSubscriptionStatus.mockResolvedValue(status(over));
    renderUpload();
    expect(await screen.findByTestId('free-plan-note')).toHaveTextContent(text);
    expect(screen.getByTestId('free-plan-note')).not.toHaveTextContent(/free analysis|free plan/i);
  });

  it('past due: says the payment failed and where to fix the card', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status({ status: 'past_due', planType: 'creator_pro', analysesLeft: 0 }));
    renderUpload();
    expect(await screen.findByTestId('free-plan-note')).toHaveTextContent('Your last Creator Pro payment failed');
    expect(screen.getByRole('link', { name: 'Update your card in Billing' })).toHaveAttribute('href', '/billing');
  });

  it('a paid plan shows no limit', async () => {
    sdk.getSubscriptionStatus.mockResolvedValue(status({ status: 'active', planType: 'creator_pro', analysesLeft: null }));
    renderUpload();
    await pick([video('a.mp4'), video('b.mp4'), video('c.mp4')]);
    expect(await screen.findByRole('button', { name: /Upload All \(3\)/ })).toBeEnabled();
    expect(screen.queryByTestId('free-plan-note')).not.toBeInTheDocument();
    expect(screen.queryByTestId('plan-limit')).not.toBeInTheDocument();
  });
});
