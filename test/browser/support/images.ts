/// <reference lib="dom" />
import { expect, type Locator } from '@playwright/test';

/**
 * Waits until every report frame image inside `scope` (at least one) has loaded and decoded: `naturalWidth > 0`.
 * A visible <img> whose URL answers 404 passes a visibility check; only its decoded size shows that the picture is
 * really there. Frames load lazily, so each is scrolled into view; a frame that failed is replaced by the
 * "Frame unavailable" placeholder, which must not appear. Returns how many images were checked.
 */
export async function expectFramesDecoded(scope: Locator): Promise<number> {
  const images = scope.locator('img[src*="/reports/"]');
  await expect(images.first()).toBeVisible();
  const count = await images.count();
  for (let i = 0; i < count; i += 1) await images.nth(i).scrollIntoViewIfNeeded();
  const widths = () => images.evaluateAll((all: HTMLImageElement[]) => all.map((img) => (img.complete ? img.naturalWidth : -1)));
  await expect.poll(async () => Math.min(...(await widths())), { message: 'every frame image decodes (naturalWidth > 0)' }).toBeGreaterThan(0);
  await expect(scope.getByText('Frame unavailable')).toHaveCount(0);
  return count;
}
