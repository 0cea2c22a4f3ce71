import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { expectFramesDecoded } from './support/images';
import { DESKTOP, PHONE, SHOTS } from './support/screenshots';

test('the analysis page without an id shows the sample report, frames included', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/analysis');
  await expect(page.getByRole('heading', { name: 'sample-video.mp4' })).toBeVisible();
  await expect(page.getByText(/predicted/i).first()).toBeVisible();
  // Served from the default storage folder (.data/storage): a dot path once made every frame answer 404.
  expect(await expectFramesDecoded(page.locator('body'))).toBeGreaterThan(0);
});

test('the sound over time sits under the retention chart, on its time axis, at phone and desktop width', async ({ page }) => {
  await signIn(page);
  await page.goto('/app/analysis');
  const card = page.locator('section[aria-labelledby="retention-title"]');
  const band = card.getByRole('img', { name: /^Sound over time: Speech \d+ %/ });
  mkdirSync(SHOTS, { recursive: true });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // The chart draws when it comes into view (WhenNearViewport): below the score on a phone.
    await card.scrollIntoViewIfNeeded();
    await expect(band).toBeVisible();
    await expect(card.getByRole('list', { name: 'Sound' })).toContainText('Speech');
    // The band spans the chart's plot: inside the card, and as wide as the chart less its y-axis and right margin.
    const chart = (await card.locator('svg').first().boundingBox())!;
    const box = (await band.boundingBox())!;
    expect(box.x).toBeGreaterThan(chart.x);
    expect(Math.abs(box.x + box.width - (chart.x + chart.width - 12))).toBeLessThanOrEqual(2);
    await card.screenshot({ path: join(SHOTS, `sound-band-${size.width}.png`) });
  }
});
