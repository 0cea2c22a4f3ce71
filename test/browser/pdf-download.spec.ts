import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { loadConfig } from '../../src/config/app-config';
/** The engine's real sample report (the same folder the sample-report seeder installs). */
const SAMPLE_REPORT_SOURCE = join(__dirname, '..', '..', 'assets', 'sample-report');
import { signIn } from './support/auth';

const SHOTS = join(__dirname, '..', '..', 'test-results', 'screenshots');
const FILENAME = 'studio-session.take3.mp4';

test('a creator downloads the PDF report from the dashboard card and from the analysis page', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  // The dashboard's first API call has created the user's row once the empty state shows.
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();

  // A finished analysis of this creator's, made from the engine's real sample report, in the stack's storage folder
  // (resolved exactly as the product resolves it, so the default location is what gets tested when it is the default).
  const config = loadConfig(process.env);
  const db = new pg.Client({ connectionString: config.databaseUrl });
  await db.connect();
  let reportId: string;
  try {
    const [user] = (await db.query('SELECT id FROM users ORDER BY created_at DESC LIMIT 1')).rows as { id: string }[];
    const [row] = (
      await db.query(
        `INSERT INTO reports (user_id, original_filename, status, progress, current_step, analyzed_at, viral_risk_score, issues_count)
         VALUES ($1, $2, 'completed', 100, 'completed', now(), 52, 4) RETURNING id`,
        [user!.id, FILENAME],
      )
    ).rows as { id: string }[];
    reportId = row!.id;
  } finally {
    await db.end();
  }
  const folder = join(config.storageDir, 'reports', `${reportId}_data`);
  cpSync(SAMPLE_REPORT_SOURCE, folder, { recursive: true });
  const data = JSON.parse(readFileSync(join(folder, 'report.json'), 'utf8'));
  data.video_info.original_filename = FILENAME;
  writeFileSync(join(folder, 'report.json'), JSON.stringify(data));

  await page.reload();
  const card = page.getByTestId('report-card').filter({ hasText: FILENAME });
  await expect(card).toBeVisible();
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await card.screenshot({ path: join(SHOTS, 'pdf-card-button-390.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await card.screenshot({ path: join(SHOTS, 'pdf-card-button-1280.png') });
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download PDF report of ${FILENAME}` }).first().click();
  await expect(page.getByText('Generating PDF')).toBeVisible();
  const download = await downloading;
  await expect(page.getByText('Optimization report PDF downloaded successfully!')).toBeVisible();
  expect(download.suggestedFilename()).toBe('optimization-report-studio-session.take3.pdf');

  // The file itself: a real PDF under 1 MB with the report's text; every page rendered to PNG for a person to look at.
  const file = join(SHOTS, 'dashboard-download.pdf');
  await download.saveAs(file);
  expect(statSync(file).size).toBeLessThan(1_000_000);
  expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+.*A4/);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  expect(text).toContain(FILENAME);
  expect(text).toContain(data.prevention_analytics.prevention_fixes[0].title);
  for (const old of readdirSync(SHOTS).filter((name) => name.startsWith('pdf-page-'))) rmSync(join(SHOTS, old));
  execFileSync('pdftoppm', ['-png', '-r', '60', file, join(SHOTS, 'pdf-page')]);
  expect(readdirSync(SHOTS).filter((name) => name.startsWith('pdf-page-')).length).toBeGreaterThanOrEqual(2);

  // The analysis page: the PDF card (with its two measured claims) and Download Report.
  await card.getByRole('link', { name: 'View Optimization Analysis' }).first().click();
  const pdfCard = page.getByRole('region', { name: 'Optimization report PDF' });
  await expect(pdfCard).toContainText('< 1MB file size');
  await expect(pdfCard).toContainText('200 DPI quality');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await pdfCard.scrollIntoViewIfNeeded();
    await pdfCard.screenshot({ path: join(SHOTS, `pdf-report-card-${width}.png`) });
  }
  const again = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Report' }).click();
  expect((await again).suggestedFilename()).toBe('optimization-report-studio-session.take3.pdf');
});
