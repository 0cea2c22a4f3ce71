import { expect, test } from '@playwright/test';
import { keepOffline, signIn } from './support/auth';
import { DESKTOP, PHONE, shoot } from './support/screenshots';

test('with the Auth emulator, sign-in needs nothing from the internet: the app picks a test account, new or existing', async ({ page, browser }) => {
  test.setTimeout(240_000); // two browsers, four screenshots checked with axe, on a shared two-core machine
  const refused = await keepOffline(page.context());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.setViewportSize(PHONE);
  await page.goto('/app/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a test Google account' });
  await expect(picker.getByRole('textbox', { name: 'Email' })).toHaveValue(/@example\.com$/);
  await picker.getByRole('textbox', { name: 'Name' }).fill('Offline Olive');
  await picker.getByRole('textbox', { name: 'Email' }).fill('olive@example.com');
  await shoot(page, 'login-emulator-picker');
  await picker.getByRole('button', { name: 'Sign in as new account' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByTestId('user-name')).toHaveText(/Offline Olive/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/app\/?$/);

  // Another browser (no remembered session): the account is listed by the emulator and signs the same creator in.
  const other = await browser.newContext({ baseURL: page.url().replace(/\/app\/?$/, ''), viewport: DESKTOP });
  const otherRefused = await keepOffline(other);
  const second = await other.newPage();
  await second.goto('/app/login');
  await second.getByRole('button', { name: 'Continue with Google' }).click();
  const account = second.getByRole('dialog').getByRole('button', { name: /Offline Olive/ });
  await expect(account).toContainText('olive@example.com');
  await shoot(second, 'login-emulator-picker-existing');
  await account.click();
  await expect(second).toHaveURL(/\/app\/dashboard$/);
  await expect(second.getByTestId('user-name')).toHaveText(/Offline Olive/);
  await other.close();

  // Not one request tried to leave the machine (Google's api.js, fonts, anything).
  expect([...refused, ...otherRefused]).toEqual([]);
  expect(pageErrors).toEqual([]);
});

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
