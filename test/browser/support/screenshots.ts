import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';

export const SHOTS = join(__dirname, '..', '..', '..', 'test-results', 'screenshots');
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * Full-page screenshots at desktop and phone width (test-results/screenshots/{name}-{w}x{h}.png), back to desktop
 * after; each width is also checked with axe (no serious or critical violation), since every shot is a page state.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [['1280x800', DESKTOP], ['390x844', PHONE]] as const) {
    await page.setViewportSize(size);
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header stays at the top of the full-page shot
    await page.waitForTimeout(300); // layout and chart resize settle
    await page.screenshot({ path: join(SHOTS, `${name}-${label}.png`), fullPage: true });
    await expectAccessible(page, `${name} ${label}`);
  }
  await page.setViewportSize(DESKTOP);
}
