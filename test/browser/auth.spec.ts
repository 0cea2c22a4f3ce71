import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';

test('a new creator signs in with Google, stays signed in on reload, and signs out', async ({ page }) => {
  // Firebase's popup flow once threw auth/internal-error into the page on every sign-in.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page);
  expect(pageErrors).toEqual([]);
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  // The report page's session cookie (the server renders a creator's report with it) comes and goes with the session.
  const reportPageCookie = async () => (await page.context().cookies()).filter((cookie) => cookie.name === 'preflight_report_page');
  await expect.poll(reportPageCookie).toEqual([expect.objectContaining({ path: '/app/analysis', sameSite: 'Strict' })]);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
  expect(await reportPageCookie()).toEqual([]);
  await page.goto('/app/dashboard');
  await expect(page).toHaveURL(/\/app\/login$/);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
});

test('signed-out visits to guarded pages land on /login', async ({ page }) => {
  for (const path of ['/app/dashboard', '/app/upload', '/app/analysis?id=x', '/app/billing']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/app\/login$/);
  }
});
