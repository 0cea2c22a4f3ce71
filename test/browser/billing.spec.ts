/// <reference lib="dom" />
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { continueWithGoogle, keepOffline, signIn } from './support/auth';
import { DESKTOP, shoot } from './support/screenshots';

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => !error.message.startsWith('Firebase:') && errors.push(error.message));
  return errors;
}

test('pricing → sign in → Stripe Checkout (stand-in) → billing shows the trial → Manage Subscription opens the portal', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await keepOffline(page.context());

  // From the landing page's Pricing link, a signed-out visitor on /pricing: both plans, the trial, the FAQ, the
  // contact address, test mode.
  await page.goto('/app/');
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/app\/pricing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  const pro = page.getByRole('region', { name: 'Creator Pro plan' });
  await expect(pro).toContainText('£99');
  await expect(pro).toContainText('14-day free trial');
  await expect(page.getByRole('region', { name: 'Free plan' })).toContainText('No credit card needed');
  await expect(page.getByText('What happens to my video?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'hello@preflight.video' })).toBeVisible();
  await expect(page.getByTestId('test-mode')).toBeVisible();
  await shoot(page, 'pricing');

  // Start free trial asks to sign in first, then comes back to /pricing.
  await pro.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/\/app\/login\?next=\/pricing$/);
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/app\/pricing$/);

  // Checkout on the stand-in's page (TEST MODE), then back in the app.
  await pro.getByRole('button', { name: 'Start free trial' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/cs_test_\w+$/);
  await expect(page.getByText(/TEST MODE/)).toBeVisible();
  await expect(page.getByText('14 days free')).toBeVisible();
  await page.getByRole('button', { name: 'Start trial' }).click();

  await expect(page).toHaveURL(/\/app\/billing/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Video Testing Plan' })).toBeVisible();
  await expect(page.getByTestId('plan-status')).toHaveText('Free Trial (14 days left)');
  await expect(page.getByText('Welcome to Creator Pro! Your free trial has started.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Plan Status' })).toContainText('Free Trial (14 days left)');
  await expect(page.getByRole('region', { name: 'Videos Tested' })).toContainText('0');
  const memberSince = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date());
  await expect(page.getByRole('region', { name: 'Member Since' })).toContainText(memberSince);
  await expect(page.getByTestId('no-active-subscription')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/app/pricing');
  await page.getByText('Welcome to Creator Pro! Your free trial has started.').waitFor({ state: 'detached', timeout: 10_000 });
  await shoot(page, 'billing-trial');

  // Manage Subscription opens the portal (stand-in); a failed payment there shows Past Due back in the app.
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/portal\/bps_\w+$/);
  await expect(page.locator('#status')).toHaveText('trialing');
  await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
  await expect(page.locator('#status')).toHaveText('past_due');
  await page.getByRole('link', { name: 'Return to Preflight' }).click();
  await expect(page).toHaveURL(/\/app\/billing$/);
  await expect(page.getByTestId('plan-status')).toHaveText('Past Due');
  await expect(page.getByTestId('billing-message')).toContainText('Your last payment failed');
  expect(errors).toEqual([]);
});

test('a trial cancelled in the portal stays a trial to its end: one message says so, nothing says it expired (issue 41)', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await page.goto('/app/pricing');
  // The page is server-rendered: a click before it hydrates is tried again until checkout opens.
  await expect(async () => {
    if (!/\/checkout\//.test(page.url())) await page.getByRole('region', { name: 'Creator Pro plan' }).getByRole('button', { name: 'Start free trial' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/checkout\/cs_test_\w+$/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByTestId('plan-status')).toHaveText('Free Trial (14 days left)');

  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  // Stripe's portal default: the plan cancels at the end of the trial and stays until then.
  await expect(page.locator('#status')).toHaveText('trialing');
  await expect(page.locator('#cancels')).toContainText('the plan stays until then');
  await page.getByRole('link', { name: 'Return to Preflight' }).click();

  await expect(page).toHaveURL(/\/app\/billing$/);
  await expect(page.getByTestId('plan-status')).toHaveText('Free Trial (14 days left)');
  const ends = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(Date.now() + 14 * 24 * 3600 * 1000));
  await expect(page.getByTestId('billing-message')).toHaveText(`Cancelled: your trial runs until ${ends} and the plan will not renew.`);
  await expect(page.getByTestId('billing-message')).toHaveCount(1);
  await expect(page.getByText(/expired|Free analysis used/)).toHaveCount(0);
  await expect(page.getByTestId('no-active-subscription')).toHaveCount(0);
  await page.getByText('Welcome to Creator Pro! Your free trial has started.').waitFor({ state: 'detached', timeout: 10_000 });
  await shoot(page, 'billing-trial-cancelled');

  // The upload page still lets the trial analyse: no plan note, no limit.
  await page.goto('/app/upload');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('free-plan-note')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a free creator sees the free plan up front and the plan limit as soon as two files are queued', async ({ page }) => {
  const errors = collectErrors(page);
  const dir = mkdtempSync(join(tmpdir(), 'preflight-billing-'));
  try {
    const files = ['first.mp4', 'second.mp4'].map((name) => {
      const path = join(dir, name);
      writeFileSync(path, Buffer.alloc(1024)); // never sent: the plan limit shows before any upload
      return path;
    });
    await page.setViewportSize(DESKTOP);
    await signIn(page);
    await page.getByText('Successfully signed in!').waitFor({ state: 'detached', timeout: 10_000 });

    // The dashboard's Billing link goes to /billing: the free plan, No Active Subscription, Subscribe Now → /pricing.
    await page.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/app\/billing$/);
    await expect(page.getByTestId('plan-status')).toHaveText('Inactive');
    await expect(page.getByTestId('no-active-subscription')).toContainText('No Active Subscription');
    await expect(page.getByRole('link', { name: 'Subscribe Now' })).toHaveAttribute('href', '/app/pricing');
    await expect(page.getByRole('button', { name: 'Manage Subscription' })).toHaveCount(0);
    await shoot(page, 'billing-free');

    await page.goto('/app/upload');
    await expect(page.getByTestId('free-plan-note')).toContainText('Free plan: 1 analysis included, 1 left, no card needed.');
    await page.getByTestId('file-input').setInputFiles(files);
    await expect(page.getByTestId('queue-item')).toHaveCount(2);
    const limit = page.getByTestId('plan-limit');
    await expect(limit).toContainText('Your free plan covers 1 analysis, and 2 videos are queued: remove 1 to upload');
    await expect(page.getByRole('button', { name: /Upload All/ })).toBeDisabled();
    await shoot(page, 'upload-plan-limit');
    await limit.getByRole('link', { name: 'Upgrade to Creator Pro' }).click();
    await expect(page).toHaveURL(/\/app\/pricing$/);
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
