import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { expectFramesDecoded } from './support/images';

test('the analysis page without an id shows the sample report, frames included', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/analysis');
  await expect(page.getByRole('heading', { name: 'sample-video.mp4' })).toBeVisible();
  await expect(page.getByText(/predicted/i).first()).toBeVisible();
  // Served from the default storage folder (.data/storage): a dot path once made every frame answer 404.
  expect(await expectFramesDecoded(page.locator('body'))).toBeGreaterThan(0);
});
