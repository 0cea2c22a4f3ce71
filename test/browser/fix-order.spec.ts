/// <reference lib="dom" />
/**
 * Issue 41 in the browser: the fixes in the order of the viewers each loses, each saying what it buys, the score
 * beside what the fixes would make it, plain words on the first screen, on the creator's page and the shared page at
 * 390 and 1280 px; the trial's plan tile on one line.
 */
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { rederiveReport } from '../../src/analysis';
import type { Report } from '@preflight/shared';
import { signIn } from './support/auth';
import { sampleReport, seedFinishedReport, seedShareLink } from './support/seed';
import { shoot } from './support/screenshots';

const FILENAME = 'fix-order-demo.mp4';
const UNITS = /\b(LUFS|LU|dBTP)\b/;

/** The sample report as the current engine words it (the stored sample predates retention_gain_pct). */
function currentSample(): Report {
  const old = sampleReport();
  return { ...rederiveReport(old, { style: 'balanced' }), frames: old.frames };
}

/** The urgent cards as shown: their gain lines, in order; and the first screen's text has no loudness unit. */
async function expectFixOrder(page: Page, report: Report) {
  const fixes = report.prevention_analytics.prevention_fixes;
  const urgent = page.getByTestId('urgent-fixes').getByTestId('issue');
  await expect(urgent).toHaveCount(Math.min(3, fixes.length));
  for (const [i, fix] of fixes.slice(0, 3).entries()) {
    await expect(urgent.nth(i)).toHaveAttribute('aria-label', fix.title);
    await expect(urgent.nth(i).getByTestId('fix-gain')).toHaveText(/^Fix this: (about \+[\d.]+ %|no predicted change in viewers) still watching at \d:\d\d$/);
  }
  const o = report.overall_score_and_recommendations;
  if (o.score_if_fixed! > o.overall_performance_score) {
    await expect(page.getByTestId('score-if-fixed')).toHaveText(new RegExp(`^${o.overall_performance_score} now → about ${o.score_if_fixed} with `));
  }
  const firstScreen = [await page.getByRole('region', { name: 'Optimization score' }).innerText()];
  for (const card of await urgent.all()) firstScreen.push(await card.evaluate((el) => [...el.childNodes].map((n) => (n as HTMLElement).innerText ?? '').join(' ')));
  // "The figures" stays closed: what is read at first sight has no unit.
  for (const text of firstScreen) expect(text.replace(/The figures[\s\S]*$/, '')).not.toMatch(UNITS);
}

test('fixes ordered by the viewers each loses, with what each buys, on the creator page and the shared page', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const report = currentSample();
  const gains = report.prevention_analytics.prevention_fixes.map((f) => f.retention_gain_pct!);
  expect(gains).toEqual([...gains].sort((a, b) => b - a));
  const reportId = await seedFinishedReport(FILENAME, report);

  await page.goto(`/app/analysis?id=${reportId}`);
  await expect(page.getByRole('heading', { level: 1, name: FILENAME })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'More issues' }).or(page.getByRole('heading', { name: 'Predicted retention' })).first()).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expectFixOrder(page, report);
  }
  await shoot(page, 'fix-order-creator');

  const token = await seedShareLink(reportId);
  const context = await browser.newContext();
  const client = await context.newPage();
  await client.goto(`/app/client/${token}`);
  await expect(client.getByTestId('urgent-fixes')).toBeVisible();
  for (const width of [390, 1280]) {
    await client.setViewportSize({ width, height: 844 });
    await expectFixOrder(client, report);
  }
  await shoot(client, 'fix-order-shared');
  await context.close();
});

test('"Free Trial (14 days left)" stays on one line in its tile at 390 and 1280 px', async ({ page }) => {
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO subscriptions (user_id, status, plan_type, trial_ends_at)
       SELECT id, 'trialing', 'pro', now() + interval '13 days 12 hours' FROM users ORDER BY created_at DESC LIMIT 1
       ON CONFLICT (user_id) DO UPDATE SET status = 'trialing', plan_type = 'pro', trial_ends_at = EXCLUDED.trial_ends_at`,
    );
  } finally {
    await db.end();
  }
  await page.goto('/app/billing');
  const value = page.getByRole('region', { name: 'Plan Status' }).getByTestId('stat-value-one-line');
  await expect(value).toHaveText('Free Trial (14 days left)');
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    const { lines, fits } = await value.evaluate((el) => {
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
      return { lines: Math.round(el.getBoundingClientRect().height / lineHeight), fits: el.scrollWidth <= el.clientWidth + 1 };
    });
    expect([width, lines, fits]).toEqual([width, 1, true]);
  }
  await shoot(page, 'billing-trial-tile');
});
