import { expect, test } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { signIn } from './support/auth';
import { seedFinishedReport } from './support/seed';
import { PHONE, shoot, SHOTS } from './support/screenshots';

/** YouTube's audience-retention rows of the posted sample video (28.3 s): a fall from 0:10, replays at the start. */
const CURVE = Array.from({ length: 100 }, (_, i) => {
  const t = (i + 1) / 100;
  return [t, Math.round((1.02 - 0.25 * t - (t > 0.35 ? Math.min(0.15, (t - 0.35) * 2) : 0)) * 10_000) / 10_000, 0.55];
});
const VIDEO = 'Pf1ightV1d0';

test('a creator connects YouTube from a report, imports the posted video’s retention, and disconnects in Settings', async ({ page }) => {
  test.setTimeout(300_000); // a busy machine: sign-in, Google's round trip, the chart and four axe checks
  // The browser tier's Google stand-in (scripts/lib/browser-stack.mjs) is told the video's curve, as YouTube would know it.
  const google = process.env.GOOGLE_API_BASE!;
  expect((await fetch(`${google}/_standin/retention/${VIDEO}`, { method: 'PUT', body: JSON.stringify(CURVE) })).status).toBe(204);

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const id = await seedFinishedReport('posted-on-youtube.mp4');
  await page.goto(`/app/analysis?id=${id}`);
  const control = page.getByTestId('measured-retention-control');
  await control.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('calibration-progress')).toHaveText('0 of 3 posted videos measured — three more to calibrate your predictions.');

  // Connect: Google's consent page (the stand-in consents at once) returns to Settings › YouTube, which returns here.
  await control.getByRole('button', { name: 'Connect YouTube' }).click();
  await page.waitForURL((url) => url.pathname === '/app/settings/youtube');
  await page.waitForURL((url) => url.pathname === '/app/analysis' && url.searchParams.get('id') === id);
  await expect(control.getByRole('button', { name: 'Import from YouTube' })).toBeVisible();

  await control.getByRole('button', { name: 'Import from YouTube' }).click();
  await control.getByLabel('Link of the posted video').fill(`https://www.youtube.com/shorts/${VIDEO}`);
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [['1280x800', { width: 1280, height: 800 }], ['390x844', PHONE]] as const) {
    await page.setViewportSize(size);
    await control.scrollIntoViewIfNeeded();
    await control.screenshot({ path: join(SHOTS, `youtube-import-form-${label}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await control.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Predicted and measured retention' })).toBeVisible();
  await expect(page.getByTestId('measured-summary')).toHaveText(/^Our prediction was \d+ points? (high|low) on average/);
  await expect(page.getByRole('button', { name: /^0:10 · .* · confirmed by the measured curve$/ })).toBeVisible();
  await expect(page.getByTestId('calibration-progress')).toHaveText('1 of 3 posted videos measured — two more to calibrate your predictions.');
  const chart = page.getByTestId('retention-chart');
  await chart.scrollIntoViewIfNeeded();
  expect(await chart.locator('.MuiLineChart-line').count()).toBeGreaterThanOrEqual(2);
  await shoot(page, 'youtube-imported');

  // Settings › YouTube shows the connection; Disconnect withdraws it at Google and deletes the tokens.
  await page.goto('/app/settings/youtube');
  await expect(page.getByText(/^Connected since/)).toBeVisible();
  await shoot(page, 'settings-youtube-connected');
  await page.getByRole('button', { name: 'Disconnect YouTube' }).click();
  await expect(page.getByText('YouTube disconnected: Google has withdrawn Preflight’s access.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect YouTube' })).toBeVisible();
});

test('on a server without YouTube, the button says so in a creator’s words', async ({ page }) => {
  test.setTimeout(180_000);
  // This tier's server has the Google stand-in; a server without it answers `available: false` (the API's integration
  // test checks that answer): here the answer is given to the page to see how the report shows it.
  await page.route('**/api/youtube/connection', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { available: false, status: 'not_connected', connected_at: null } }) : route.fallback(),
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const id = await seedFinishedReport('not-configured.mp4');
  await page.goto(`/app/analysis?id=${id}`);
  const control = page.getByTestId('measured-retention-control');
  await control.scrollIntoViewIfNeeded();
  await control.getByRole('button', { name: 'Import from YouTube' }).click();
  await expect(control.getByText(/^Importing from YouTube is not set up on this server\. You can still add/)).toBeVisible();
  for (const [label, size] of [['1280x800', { width: 1280, height: 800 }], ['390x844', PHONE]] as const) {
    await page.setViewportSize(size);
    await control.scrollIntoViewIfNeeded();
    await control.screenshot({ path: join(SHOTS, `youtube-not-set-up-${label}.png`) });
  }
});
