/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { sampleReport, seedFinishedReport } from './support/seed';
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

/** A 28.3 s video standing in for the analysed one (the sample report's length), VP8 so that Chromium plays it. */
function makeSourceVideo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'edit-preview-'));
  const file = join(dir, 'tight-talk.webm');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=360x640:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '28.3',
    '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '300k', '-c:a', 'libvorbis', '-shortest', file]);
  return file;
}

test('the creator previews the tightened cut from their own file: each cut is jumped within 100 ms of its start, at 390 and 1280 px', async ({ page }) => {
  test.setTimeout(180_000);
  const source = makeSourceVideo();
  const report = sampleReport();
  report.video_info.file_size_bytes = statSync(source).size;
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const reportId = await seedFinishedReport('tight-talk.webm', report);

  for (const [label, size] of [['390', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.goto(`/app/analysis?id=${reportId}`);
    const section = page.getByRole('region', { name: 'Proposed edit' });
    await expect(section.getByText(DEAD_AIR)).toBeVisible();

    // Another file is refused in words; the analysed one plays.
    const wrong = join(tmpdir(), `not-it-${label}.webm`);
    writeFileSync(wrong, Buffer.alloc(1000));
    await section.getByTestId('edit-preview-file').setInputFiles(wrong);
    await expect(section.getByText(/^This is not the analysed video: it is 0\.0 MB \(1000 bytes\)/)).toBeVisible();
    await section.getByTestId('edit-preview-file').setInputFiles(source);
    const video = section.getByTestId('edit-preview-video');
    await expect(video).toBeVisible();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await video.scrollIntoViewIfNeeded();

    // Every painted frame's media time, from just before the dead air (9.07–16.10) to past its end.
    const shown = await video.evaluate(async (v: HTMLVideoElement) => {
      const times: number[] = [];
      const el = v as HTMLVideoElement & { requestVideoFrameCallback: (cb: (now: number, meta: { mediaTime: number }) => void) => number };
      v.muted = true;
      v.currentTime = 8.5;
      await new Promise((resolve) => v.addEventListener('seeked', resolve, { once: true }));
      await new Promise<void>((resolve) => {
        const watch = (_: number, meta: { mediaTime: number }) => {
          times.push(meta.mediaTime);
          if (meta.mediaTime > 17 || times.length > 600) resolve();
          else el.requestVideoFrameCallback(watch);
        };
        el.requestVideoFrameCallback(watch);
        void v.play();
      });
      v.pause();
      return times;
    });
    // No frame from 100 ms after the cut's start up to the frame that is on screen at its end (30 fps: that frame starts
    // up to 1/30 s before the end, where the jump lands).
    const inCut = shown.filter((t) => t > 9.067 + 0.1 && t < 16.1 - 1 / 30);
    expect(inCut).toEqual([]);
    const lastBefore = Math.max(...shown.filter((t) => t < 16.1 - 1 / 30));
    console.log(`[preview ${label}] last frame before the jump: ${lastBefore.toFixed(3)} s, ${Math.round((lastBefore - 9.067) * 1000)} ms after the cut's start`);
    expect(shown.some((t) => t >= 16.1)).toBe(true);
    expect(shown.some((t) => t < 9.067)).toBe(true);
    await page.screenshot({ path: join(SHOTS, `proposed-edit-preview-${label}.png`) });
  }
});
