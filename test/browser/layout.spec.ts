import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { SHOTS } from './support/screenshots';
import { seedFinishedReport } from './support/seed';

// The widths a creator uses (phone, tablet, laptop, large desktop), with a filename as long as real ones get.
const WIDTHS = [360, 768, 1280, 1920];
const LONG_NAME = 'summer-campaign-teaser_FINAL-final-v3_with-captions-and-licensed-music_export-2026-11-23_1080x1920.mp4';

/** Nothing wider than the window: no sideways scrolling, no clipped controls. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${what}: page ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

test('every page fits 360, 768, 1280 and 1920 px with a very long filename', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible(); // the account exists
  const reportId = await seedFinishedReport(LONG_NAME);
  mkdirSync(SHOTS, { recursive: true });
  const pages = [
    { name: 'landing', path: '/app/', ready: page.getByRole('heading', { level: 1 }) },
    { name: 'pricing', path: '/app/pricing', ready: page.getByRole('heading', { level: 1 }) },
    { name: 'dashboard', path: '/app/dashboard', ready: page.getByTestId('report-card').filter({ hasText: LONG_NAME }) },
    { name: 'analysis', path: `/app/analysis?id=${reportId}`, ready: page.getByRole('heading', { level: 1, name: LONG_NAME }) },
    { name: 'upload', path: '/app/upload', ready: page.getByRole('heading', { level: 1 }) },
    { name: 'billing', path: '/app/billing', ready: page.getByRole('heading', { level: 1 }) },
  ];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const { name, path, ready } of pages) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      await expectNoSidewaysScroll(page, `${name} at ${width}px`);
      await page.screenshot({ path: join(SHOTS, `layout-${name}-${width}.png`), fullPage: true });
    }
  }
});
