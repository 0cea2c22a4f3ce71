import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';

test('the analysis page without an id shows the sample report, frames included', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/analysis');
  await expect(page.getByRole('heading', { name: 'sample-video.mp4' })).toBeVisible();
  await expect(page.getByText(/predicted/i).first()).toBeVisible();
  const frame = page.locator('img[src*="/reports/"]').first();
  await expect(frame).toBeVisible();
  expect(await frame.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
});
