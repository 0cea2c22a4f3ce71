/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { sampleReport, seedFinishedReport, seedShareLink } from './support/seed';
import { PHONE, shoot, SHOTS } from './support/screenshots';
import { join } from 'node:path';

const FILENAME = 'fixes-first-demo.mp4';
/** What servers without speech-to-text wrote into reports before setting names were kept out of them. */
const OLD_REASON = 'no speech-to-text service is configured (OPENAI_API_KEY)';
/** An environment variable's name: never on a creator's or a client's screen. */
const SETTING_NAME = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/;

/** The sample report as such a server stored it, with a platform check that did not run. */
function reportWithChecksNotRun() {
  const report = sampleReport();
  report.word_checks = {
    transcription: 'not_configured',
    note: `Words not checked: ${OLD_REASON}.`,
    checks: (['opening_line', 'hook_topic', 'call_to_action', 'filler_words', 'speaking_rate', 'captions_match'] as const).map((id) => ({
      id,
      status: 'not_run' as const,
      evidence: `Not run: ${OLD_REASON}.`,
    })),
  };
  report.platform_preset!.checks.push({ id: 'captions', status: 'not_run', measured: 'not read', target: 'captions on speech', evidence: 'On-screen text was not read for this report.' });
  return report;
}

/** Where the first urgent fix ends, in page pixels from the top, on a 390 × 844 phone (its Fix box included). */
async function firstFixBottom(page: Page): Promise<number> {
  await page.setViewportSize(PHONE);
  const fix = page.getByTestId('urgent-fixes').getByTestId('issue').first();
  await expect(fix).toBeVisible();
  return fix.evaluate((el) => el.getBoundingClientRect().bottom + window.scrollY);
}

test('fixes first and no server talk: the creator sees the first fix within two phone screens and one line about word checks; a client sees neither server nor not-run checks', async ({ page, browser }) => {
  test.setTimeout(240_000); // two widths of the creator's page, the urgent fix at two widths, then the client's page
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const reportId = await seedFinishedReport(FILENAME, reportWithChecksNotRun());

  await page.setViewportSize(PHONE);
  await page.goto(`/app/analysis?id=${reportId}`);
  await expect(page.getByRole('heading', { level: 1, name: FILENAME })).toBeVisible();
  // The whole page has rendered (its last section), then: fixes first, within the first two screens of a phone.
  await expect(page.getByRole('heading', { name: 'More issues' })).toBeVisible();
  const bottom = await firstFixBottom(page);
  console.log(`creator page, 390 × 844: first fix ends ${Math.round(bottom)} px down (two screens: ${2 * PHONE.height})`);
  expect(bottom).toBeLessThanOrEqual(2 * PHONE.height);
  const fixTop = await page.getByTestId('urgent-fixes').evaluate((el) => el.getBoundingClientRect().top);
  const curveTop = await page.getByRole('heading', { name: 'Predicted retention' }).evaluate((el) => el.getBoundingClientRect().top);
  expect(fixTop).toBeLessThan(curveTop);
  // The urgent fixes carry their frame.
  await expect(page.getByTestId('urgent-fixes').getByTestId('fix-frame').first().locator('img')).toBeVisible();

  // One short line about word checks, naming no setting; no "Not run" rows; the platform check not run is one line.
  await expect(page.getByTestId('word-checks-off')).toHaveText(/^Word checks are off on this server\. With them on, the report would also check your opening line/);
  await expect(page.locator('[data-status="not_run"]')).toHaveCount(0);
  await expect(page.getByTestId('not-run-line')).toHaveText('Not run here: Captions');
  await expect(page.getByRole('region', { name: 'Platform checks' }).or(page.locator('section[aria-labelledby="platform-checks-title"]'))).toContainText('2 of 4 checks pass');
  expect(await page.locator('body').innerText()).not.toMatch(SETTING_NAME);
  // The fixes' gain in a creator's units; the money and the assumptions one tap away.
  const growth = page.getByTestId('growth-potential');
  await expect(growth.getByTestId('growth-headline')).toHaveText(/^\+\d+(\.\d)? s watched per view$/);
  await expect(growth.getByTestId('growth-detail')).toHaveText(/^≈ \d+ more minutes watched per 1,000 views · average watch/);
  await expect(growth.getByText(/In money, at the illustrative rate below: £/)).toBeHidden();
  await growth.getByText('What this assumes').click();
  await expect(growth.getByText(/In money, at the illustrative rate below: £\d+\.\d\d per 10,000 views\./)).toBeVisible();
  await growth.screenshot({ path: join(SHOTS, 'growth-gain-390.png') });
  await shoot(page, 'report-fixes-first-creator');
  const firstFix = page.getByTestId('urgent-fixes').getByTestId('issue').first();
  await page.setViewportSize(PHONE); // shoot() ends at desktop width
  await firstFix.scrollIntoViewIfNeeded();
  await firstFix.screenshot({ path: join(SHOTS, 'urgent-fix-portrait-390.png') });

  // At 1280 px a portrait frame has its own column beside all of the card's text: the evidence and fix sit beside the
  // frame, not under an empty stretch left by a short title (issue 28).
  await page.setViewportSize({ width: 1280, height: 900 });
  await firstFix.scrollIntoViewIfNeeded();
  const frameBox = (await firstFix.getByTestId('fix-frame').boundingBox())!;
  const fixBox = (await firstFix.getByText('Fix', { exact: true }).boundingBox())!;
  const cardBox = (await firstFix.boundingBox())!;
  console.log(`urgent fix at 1280: card ${Math.round(cardBox.height)} px tall, frame ${Math.round(frameBox.height)} px, fix box top ${Math.round(fixBox.y - cardBox.y)} px`);
  expect(fixBox.x + fixBox.width).toBeLessThanOrEqual(frameBox.x);
  expect(fixBox.y).toBeLessThan(frameBox.y + frameBox.height);
  await firstFix.screenshot({ path: join(SHOTS, 'urgent-fix-portrait-1280.png') });
  await page.setViewportSize(PHONE);

  // The client's shared page: the same order, and nothing of the server.
  const token = await seedShareLink(reportId);
  const client = await browser.newContext();
  try {
    const guest = await client.newPage();
    await guest.setViewportSize(PHONE);
    await guest.goto(`/app/client/${token}`);
    await expect(guest.getByRole('heading', { level: 1, name: FILENAME })).toBeVisible();
    await expect(guest.getByRole('heading', { name: 'More issues' })).toBeVisible();
    const guestBottom = await firstFixBottom(guest);
    console.log(`shared page, 390 × 844: first fix ends ${Math.round(guestBottom)} px down`);
    expect(guestBottom).toBeLessThanOrEqual(2 * PHONE.height);
    await expect(guest.getByTestId('word-checks-off')).toHaveCount(0);
    await expect(guest.getByTestId('not-run-line')).toHaveCount(0);
    await expect(guest.locator('[data-status="not_run"]')).toHaveCount(0);
    const text = await guest.locator('body').innerText();
    expect(text).not.toMatch(SETTING_NAME);
    expect(text).not.toMatch(/Not run|speech-to-text|Word checks/);
    await shoot(guest, 'report-fixes-first-shared');
  } finally {
    await client.close();
  }
});
