/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import getYouTubeChapters from 'get-youtube-chapters';
import { signIn } from './support/auth';
import { sampleReport, seedFinishedReport } from './support/seed';
import { DESKTOP, PHONE, SHOTS } from './support/screenshots';
import { expectAccessible } from './support/axe';
import { fcpxmlDtdErrors, parseXml, readMarkerEdl } from '../support/marker-files';

const FILENAME = 'studio-vlog.take2.mp4';
const SHORT = 'teaser-cut.mp4';

/** The sample report stretched to 1:15 with its later findings moved apart, so that it can have YouTube chapters. */
function longerReport() {
  const report = sampleReport();
  report.video_info.duration_seconds = 75;
  const fixes = report.prevention_analytics.prevention_fixes;
  fixes[2]!.timestamp_seconds = 30;
  fixes[2]!.timestamp = '0:30';
  fixes[3]!.timestamp_seconds = 52;
  fixes[3]!.timestamp = '0:52';
  report.drop_offs = report.drop_offs.map((d, i) => ({ ...d, time_s: i ? 53 : 31, timestamp: i ? '0:53' : '0:31', peak_s: i ? 54 : 32, start_s: i ? 52 : 30, end_s: i ? 60 : 36 }));
  return report;
}

/** Opens the export menu; the page is server-rendered, so a click before it hydrates is tried again. */
async function openMenu(page: Page) {
  const menu = page.getByRole('menu');
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Export markers' }).first().click({ timeout: 2_000 });
    await expect(menu).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  return menu;
}

async function download(page: Page, item: RegExp, saveAs: string): Promise<{ name: string; text: string }> {
  const menu = await openMenu(page);
  const downloading = page.waitForEvent('download');
  await menu.getByRole('menuitem', { name: item }).click();
  const file = await downloading;
  await file.saveAs(saveAs);
  await expect(page.getByText('Markers downloaded').last()).toBeVisible();
  return { name: file.suggestedFilename(), text: readFileSync(saveAs, 'utf8') };
}

test('a creator exports the findings as markers for Final Cut Pro, Resolve, Premiere and YouTube, at phone and desktop width', async ({ page }) => {
  test.setTimeout(240_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const reportId = await seedFinishedReport(FILENAME, longerReport());
  const shortId = await seedFinishedReport(SHORT);
  mkdirSync(SHOTS, { recursive: true });

  for (const [label, size] of [['390', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.goto(`/app/analysis?id=${reportId}`);
    await expect(page.getByRole('heading', { level: 1, name: FILENAME })).toBeVisible();

    // The menu beside Share: three editors and YouTube chapters.
    const menu = await openMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText([/^Final Cut Pro/, /^DaVinci Resolve/, /^Premiere Pro/, /^YouTube chapters/]);
    await page.screenshot({ path: join(SHOTS, `markers-menu-${label}.png`) });
    await expectAccessible(page, `markers menu ${label}`);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Final Cut Pro: valid against Apple's FCPXML 1.11 declarations.
    const fcp = await download(page, /^Final Cut Pro/, join(SHOTS, `markers-${label}.fcpxml`));
    expect(fcp.name).toBe('studio-vlog.take2.fcpxml');
    expect(fcpxmlDtdErrors(fcp.text)).toBeNull();
    // The two findings at 0:00 are one marker that lists both.
    expect(fcp.text).toContain('value="High: Audio too quiet (+1 more)"');

    // Resolve: a marker EDL whose timecodes read at 30 fps.
    const edl = await download(page, /^DaVinci Resolve/, join(SHOTS, `markers-${label}.edl`));
    expect(edl.name).toBe('studio-vlog.take2-markers.edl');
    const { events } = readMarkerEdl(edl.text, 30);
    expect(events.map((e) => e.recordIn.toString())).toEqual(['01:00:00:00', '01:00:30:00', '01:00:31:00', '01:00:52:00', '01:00:53:00']);

    // Premiere: an xmeml sequence with the markers.
    const premiere = await download(page, /^Premiere Pro/, join(SHOTS, `markers-${label}.xml`));
    expect(premiere.name).toBe('studio-vlog.take2-premiere.xml');
    const xmeml = parseXml(premiere.text) as { xmeml: { sequence: { marker: { in: number }[] } } };
    // The two findings at 0:00 are one marker that lists both.
    expect(xmeml.xmeml.sequence.marker.map((m) => m.in)).toEqual([0, 900, 930, 1560, 1590]);

    // YouTube: chapters to copy, read back by get-youtube-chapters.
    await (await openMenu(page)).getByRole('menuitem', { name: /^YouTube chapters/ }).click();
    const dialog = page.getByRole('dialog', { name: 'YouTube chapters' });
    const text = await dialog.getByTestId('chapters-text').inputValue();
    expect(getYouTubeChapters(text).map((c) => c.start)).toEqual([0, 30, 52]);
    await dialog.getByRole('button', { name: 'Copy chapters' }).click();
    await expect(page.getByText('Chapters copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    await page.screenshot({ path: join(SHOTS, `markers-youtube-${label}.png`) });
    await expectAccessible(page, `youtube chapters ${label}`);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The PDF card lists the markers and offers the same menu.
    const pdfCard = page.getByRole('region', { name: 'Optimization report PDF' });
    await pdfCard.scrollIntoViewIfNeeded();
    await expect(pdfCard.getByTestId('pdf-card-markers')).toContainText('markers for Final Cut Pro, DaVinci Resolve and Premiere Pro, or YouTube chapters');
    await expect(pdfCard.getByRole('button', { name: 'Export markers' })).toBeVisible();
    await pdfCard.screenshot({ path: join(SHOTS, `markers-pdf-card-${label}.png`) });
  }

  // A 0:28 video cannot have valid chapters: the menu says why before the click, on a disabled item.
  await page.goto(`/app/analysis?id=${shortId}`);
  await page.setViewportSize(PHONE);
  const item = (await openMenu(page)).getByRole('menuitem', { name: /^YouTube chapters/ });
  await expect(item).toHaveAttribute('aria-disabled', 'true');
  await expect(item).toContainText('YouTube chapters need at least 3 chapters of 10 seconds or more, so a 0:28 video cannot have them (it needs 0:30).');
  await page.screenshot({ path: join(SHOTS, 'markers-youtube-unavailable-390.png') });
});

test('the sample report offers no marker export (only a creator\'s own report has markers)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await page.goto('/app/analysis');
  await expect(page.getByRole('region', { name: 'Optimization report PDF' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export markers' })).toHaveCount(0);
});
