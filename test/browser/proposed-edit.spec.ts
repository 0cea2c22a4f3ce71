/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { seedFinishedReport } from './support/seed';
import { DESKTOP, PHONE, SHOTS } from './support/screenshots';
import { expectAccessible } from './support/axe';

const FILENAME = 'tight-talk.mp4';
// The sample report's dead air (its edit is proposed from the stored metrics: the sample predates proposed_edit).
const DEAD_AIR = '0:09–0:16 dead air: 7.0 s with no speech and a static picture';

/** Opens the "Export edit" menu; the page is server-rendered, so a click before it hydrates is tried again. */
async function openExportMenu(page: Page) {
  const menu = page.getByRole('menu');
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Export edit' }).click({ timeout: 2_000 });
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return menu;
}

test('a creator sees the proposed cuts with their reasons, switches one off, and downloads the edit, at phone and desktop width', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const reportId = await seedFinishedReport(FILENAME);
  mkdirSync(SHOTS, { recursive: true });

  for (const [label, size] of [['390', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.goto(`/app/analysis?id=${reportId}`);
    const section = page.getByRole('region', { name: 'Proposed edit' });
    await expect(section).toBeVisible();
    await expect(section.getByText(DEAD_AIR)).toBeVisible();
    await expect(section.getByText('0:00.0–0:01.8 slow start: 1.8 s before the first words (at 2.0 s)')).toBeVisible();
    await expect(section.getByTestId('edit-before-after')).toHaveText(/^Predicted with the saved edit: 28\.3 s → \d+\.\d s long; \d+ % → \d+ % still watching at the end$/);
    // The cuts are shaded over the retention chart (drawn when it comes into view), with the after-curve.
    await page.getByTestId('retention-chart').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('edit-cut-bands').locator('rect').first()).toBeAttached();

    // Switching the dead air (on at 390, back on at 1280) changes the length at once, then saves.
    const length = section.getByTestId('edit-length');
    const before = await length.textContent();
    const deadAir = section.getByRole('switch', { name: 'Remove 0:09.07–0:16.10' });
    const wasOn = await deadAir.isChecked();
    await expect(async () => {
      await deadAir.click({ timeout: 2_000 });
      await expect(deadAir).toBeChecked({ checked: !wasOn, timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(length).not.toHaveText(before!);
    const seconds = (text: string | null) => Number(/→ (\d+\.\d) s long/.exec(text ?? '')?.[1]);
    expect(Math.abs(seconds(await length.textContent()) - seconds(before)) - 7.0).toBeLessThan(0.1);
    await expect(section.getByTestId('edit-save-status')).toHaveText('Saved');
    await page.getByTestId('retention-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `proposed-edit-chart-${label}.png`) });
    await section.screenshot({ path: join(SHOTS, `proposed-edit-${label}.png`) });
    // Nothing runs off the screen (long reasons and finding titles wrap).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await expectAccessible(page, `proposed edit ${label}`);

    // One export: the MLT file for Shotcut / Kdenlive, named after the video.
    const menu = await openExportMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText([/^Shotcut \/ Kdenlive \(MLT\)/, /^Final Cut Pro \/ DaVinci Resolve \(FCPXML\)/, /^Premiere Pro \(XML\)/, /^EDL/, /^Render script \(macOS\/Linux\)/, /^Render script \(Windows\)/]);
    const downloading = page.waitForEvent('download');
    await menu.getByRole('menuitem', { name: /^Shotcut/ }).click();
    const file = await downloading;
    const saved = join(SHOTS, `proposed-edit-${label}.mlt`);
    await file.saveAs(saved);
    expect(file.suggestedFilename()).toBe('tight-talk-edit.mlt');
    expect(readFileSync(saved, 'utf8')).toContain('<mlt');
    await expect(page.getByText('Edit downloaded').last()).toBeVisible();
  }
});
