/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { signIn } from './support/auth';
import { DESKTOP, PHONE, shoot } from './support/screenshots';

/**
 * A report the worker is decoding (issue 28, item 6), as the row says it mid-analysis: what the analysis is doing and
 * the time left show on the dashboard's card and on the upload page's processing panel, at 390 and 1280 px. That a
 * real analysis passes through the phases in order is test/pipeline/progress-stages.test.ts's part.
 */
async function seedDecodingReport(filename: string): Promise<string> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    // No job is queued for it: no worker moves it on while the page is looked at. A fresh heartbeat: not "resuming".
    const { rows } = await db.query(
      `INSERT INTO reports (user_id, original_filename, status, progress, current_step, phase, phase_percent, duration_seconds, worker_seen_at)
       SELECT id, $1, 'processing', 37, 'analyzing', 'decoding', 40, 600, now() + interval '1 hour' FROM users ORDER BY created_at DESC LIMIT 1
       RETURNING id`,
      [filename],
    );
    return rows[0].id as string;
  } finally {
    await db.end();
  }
}

test('a report being decoded says so, with the time left, on the dashboard card and the processing panel at 390 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  // The dashboard has asked the API once: the creator's row exists, so the report is seeded for them.
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const filename = 'ten-minute-vlog.mp4';
  const id = await seedDecodingReport(filename);

  await page.goto('/app/dashboard');
  const card = page.getByTestId('report-card').filter({ hasText: filename });
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expect(card.getByTestId('report-card-phase')).toHaveText('Decoding the video · 40 %');
    // 10 minutes of video × this server's measured speed, 63 % of it still to do: a time left, not "5 %" and then
    // "done" (seconds on a fast, quiet machine, where the tier's own analyses measured the speed; minutes on a busy one).
    await expect(card).toContainText(/37% · about \d+ (s|min) left/);
  }
  await shoot(page, 'progress-dashboard-card');

  await page.evaluate((reportId) => sessionStorage.setItem('preflight.upload.lastReportId', reportId), id);
  await page.goto('/app/upload');
  const panel = page.getByTestId('processing-panel');
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expect(panel.getByTestId('processing-phase')).toHaveText('Decoding the video · 40 %');
    await expect(panel).toContainText(/37% · about \d+ (s|min) left/);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(wide).toBe(false);
  }
  await shoot(page, 'progress-processing-panel');
});
