import { expect, test } from '@playwright/test';

test('the app renders at /app/', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/app/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Preflight/);
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
