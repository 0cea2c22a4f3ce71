import { expect, test } from '@playwright/test';

test('the app renders at /app/', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/app/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Preflight/);
  expect(errors).toEqual([]);
});

test('the landing and pricing pages come rendered in their HTML, and the app takes them over as rendered', async ({ page, request }) => {
  const html = await (await request.get('/app/')).text();
  expect(html).toMatch(/<h1[^>]*>/);
  expect(html).toContain('id="preflight-state"');
  expect(await (await request.get('/app/?ref=x')).text()).not.toContain('preflight-state'); // with a query: the browser renders it
  expect(await (await request.get('/app/pricing')).text()).toContain('Get My Free Analysis'); // as it reads signed out
  // A mismatch between the server's HTML and the app's first render would be a page error or a console error.
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/app/');
  await page.getByRole('link', { name: 'See pricing' }).click();
  await expect(page).toHaveURL(/\/app\/pricing$/);
  await page.reload();
  await page.getByRole('link', { name: 'Get My Free Analysis' }).click();
  await expect(page).toHaveURL(/\/app\/login$/); // the upload page asks a visitor to sign in first

  // A button pressed before the app has taken the page over (its script held back here) is pressed again once it has.
  await page.setViewportSize({ width: 390, height: 844 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/app\/assets\/boot-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/app/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveCount(0); // nothing can answer yet
  release();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('an unknown path lands on /app/', async ({ page }) => {
  await page.goto('/app/no-such-page');
  await expect(page).toHaveURL(/\/app\/?$/);
});

test('/ redirects to /app/ and deep links reload', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/app\/?$/);
  const response = await page.goto('/app/analysis?id=x');
  expect(response?.status()).toBe(200);
});
