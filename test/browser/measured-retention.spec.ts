import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { seedFinishedReport } from './support/seed';
import { shoot } from './support/screenshots';

/** The sample report (28.3 s) measured after posting, as LibreOffice Calc saves it: a fall at 10-12 s, replays at 0 s. */
const CSV = ['"Time (s)";"Audience retention (%)"', '0;104', '3;88,5', '9;80', '10;79,5', '12;62', '20;55,5', '26;50', '28;48,5', ''].join('\r\n');

test('a creator adds the measured retention of a posted video and sees it against the prediction', async ({ page }) => {
  test.setTimeout(300_000); // a busy machine: sign-in, the chart and two axe checks
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const id = await seedFinishedReport('posted-short.mp4');
  await page.goto(`/app/analysis?id=${id}`);
  await expect(page.getByRole('heading', { name: 'Predicted retention', exact: true })).toBeVisible();
  await expect(page.getByTestId('calibration-note')).toHaveText(/^Uncalibrated/);

  await page.getByLabel('Measured retention CSV file').setInputFiles({ name: 'retention.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(page.getByRole('heading', { name: 'Predicted and measured retention' })).toBeVisible();
  await expect(page.getByTestId('measured-summary')).toHaveText(/^Our prediction was \d+ points? (high|low) on average; the hook/);
  await expect(page.getByRole('button', { name: /^0:10 · .* · confirmed by the measured curve$/ })).toBeVisible();
  // The chart draws when it comes into view: the predicted line and the measured line.
  const chart = page.getByTestId('retention-chart');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.MuiLineChart-line').first()).toBeVisible();
  expect(await chart.locator('.MuiLineChart-line').count()).toBeGreaterThanOrEqual(2);
  await shoot(page, 'measured-retention');

  // A file that is not a retention curve: the reason, with its line.
  await page.getByLabel('Measured retention CSV file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from('time;retention\n0;100\n5;soon\n') });
  await expect(page.getByRole('alert')).toHaveText('Line 3: "soon" is not a percentage.');
  await page.getByRole('button', { name: 'Remove measured retention' }).click();
  await expect(page.getByRole('heading', { name: 'Predicted retention', exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add measured retention' })).toBeVisible();
});
