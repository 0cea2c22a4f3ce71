import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { shoot } from './support/screenshots';

test('a new creator signs in with Google, stays signed in on reload, and signs out', async ({ page }) => {
  // Firebase's popup flow once threw auth/internal-error into the page on every sign-in.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await signIn(page);
  expect(pageErrors).toEqual([]);
  await expect(page.getByText('Successfully signed in!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

  // The page session cookies (the server renders a creator's report page, dashboard and pricing page with them) come
  // and go with the session.
  const pageSessionCookies = async () =>
    (await page.context().cookies()).filter((cookie) => cookie.name === 'preflight_page_session').sort((a, b) => a.path.localeCompare(b.path));
  await expect.poll(pageSessionCookies).toEqual([
    expect.objectContaining({ path: '/app/analysis', sameSite: 'Strict' }),
    expect.objectContaining({ path: '/app/dashboard', sameSite: 'Strict' }),
    expect.objectContaining({ path: '/app/pricing', sameSite: 'Strict' }),
  ]);

  // The reload's dashboard comes rendered with the creator's name, and the app takes it over as rendered: a mismatch
  // would be a page error or a console error.
  const dashboardHtml = await (await page.request.get('/app/dashboard')).text();
  expect(dashboardHtml).toMatch(/<h1[^>]*>Welcome back, /);
  expect(dashboardHtml).toContain('id="preflight-state"');
  const consoleErrors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && /hydrat|did not match|error #4\d\d/i.test(message.text()) && consoleErrors.push(message.text()));
  await page.reload();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(page.getByTestId('user-name')).not.toHaveText(/^\s*$/);
  await shoot(page, 'dashboard-server-rendered');

  // The pricing page comes as it reads to them; once their page cookie has expired, the signed-out page the server then
  // sends is not theirs, and the app renders theirs over it instead of taking it over.
  expect(await (await page.request.get('/app/pricing')).text()).toContain('Upload a video');
  await page.goto('/app/pricing');
  await expect(page.getByRole('link', { name: 'Upload a video' })).toBeVisible();
  await page.context().clearCookies({ name: 'preflight_page_session' });
  expect(await (await page.request.get('/app/pricing')).text()).toContain('Get My Free Analysis');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Upload a video' })).toBeVisible();
  expect([...pageErrors, ...consoleErrors]).toEqual([]);
  await page.goto('/app/dashboard'); // Logout is on the signed-in pages

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
  expect(await pageSessionCookies()).toEqual([]);
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
