/// <reference lib="dom" />
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { seedFinishedReport } from './support/seed';
import { PHONE, shoot, SHOTS } from './support/screenshots';

const DAY_MS = 24 * 3600 * 1000;
const FILENAME = 'spring-launch-teaser.mp4';

/** Every frame image the page has loaded so far actually decoded (not merely an <img> element). */
async function decodedFrameWidths(page: Page): Promise<number[]> {
  return page.locator('img[src*="/frames/"]').evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).filter((img) => img.complete).map((img) => img.naturalWidth),
  );
}

test('a creator shares a report; a signed-out client opens the link and sees the whole report with its frames', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  // The empty dashboard has loaded through the API: the creator's row exists.
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const reportId = await seedFinishedReport(FILENAME);
  await page.reload();

  // Dashboard card → Share Report → the share dialog (docs/product.md).
  const card = page.getByTestId('report-card').filter({ hasText: FILENAME });
  await card.getByRole('button', { name: 'Share Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Analysis Report' });
  await expect(dialog).toContainText('This link expires in 7 days');
  await expect(dialog).toContainText('No login is required');
  await expect(dialog).toContainText('Anyone with the link can view');
  await expect(dialog).toContainText('No video content is stored or shared');

  const answered = page.waitForResponse((res) => res.url().endsWith(`/api/prevention/reports/${reportId}/share`) && res.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Generate Link' }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  const created = await response.json();
  // The "expires in 7 days" on screen is what the server granted.
  expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(7 * DAY_MS);
  await expect(page.getByText('Share link generated successfully!')).toBeVisible();
  await expect(dialog).toContainText('This link expires in 7 days');
  const field = dialog.getByTestId('share-link');
  await expect(field).toHaveValue(new RegExp(`/app/client/${created.token}$`));

  await dialog.getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(await field.inputValue());
  await shoot(page, 'share-dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await shoot(page, 'dashboard-share');

  // The analysis page's share control opens the same dialog.
  await card.getByRole('link', { name: 'View Optimization Analysis' }).first().click();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Share Analysis Report' }).getByRole('button', { name: 'Generate Link' })).toBeVisible();

  // A fresh browser, nobody signed in: the client opens the copied link.
  // Far from the server's UTC, in another locale: the server-rendered page still hydrates as rendered.
  const client = await browser.newContext({ timezoneId: 'Pacific/Kiritimati', locale: 'de-DE' });
  try {
    const guest = await client.newPage();
    const errors: string[] = [];
    guest.on('pageerror', (error) => errors.push(error.message));
    // React reports a page that does not hydrate as the server rendered it on the console.
    guest.on('console', (message) => message.type() === 'error' && /hydrat|did not match/i.test(message.text()) && errors.push(message.text()));
    await guest.setViewportSize({ width: 390, height: 844 });
    await guest.goto(link);
    await expect(guest.getByRole('heading', { level: 1, name: FILENAME })).toBeVisible();
    await expect(guest.getByText('Video Optimization Report')).toBeVisible();
    await expect(guest.getByTestId('optimization-score')).toBeVisible();
    await expect(guest.getByRole('heading', { name: 'Predicted retention' })).toBeVisible();
    await expect(guest.getByText('Please sign in to view frames')).toHaveCount(0);
    const viewer = guest.getByTestId('frame-viewer');
    await expect(viewer.locator('[data-state="success"]')).toBeVisible();
    await expect.poll(() => decodedFrameWidths(guest)).not.toEqual([]);
    for (const width of await decodedFrameWidths(guest)) expect(width).toBeGreaterThan(0);
    // Issues are the last section to appear (one section per frame): wait for them, do not count at once.
    await expect(guest.getByTestId('issue').first()).toBeVisible();
    await expect(guest.getByTestId('issue').first()).toContainText('Fix');
    // Nothing that needs an account.
    await expect(guest.getByRole('link', { name: /Get My Video Analysis|Optimize Another Video|Back to Dashboard/ })).toHaveCount(0);
    await expect(guest.getByRole('button', { name: /Share|Generate Link/ })).toHaveCount(0);
    await shoot(guest, 'shared-report');
    // The frames as a phone shows them once scrolled there.
    await guest.setViewportSize(PHONE);
    await viewer.scrollIntoViewIfNeeded();
    await expect(viewer.locator('[data-state="success"]')).toBeVisible();
    await viewer.screenshot({ path: join(SHOTS, 'shared-report-frames-390x844.png') });
    expect(errors).toEqual([]);

    // A token that opens nothing: the not-found state (docs/product.md, Shared report).
    const deadLink = link.replace(/client\/.*/, `client/${'A'.repeat(43)}`);
    expect(await (await guest.request.get(deadLink)).text()).not.toContain('preflight-state'); // not rendered on the server
    await guest.goto(deadLink);
    await expect(guest.getByRole('heading', { name: 'Report Not Found' })).toBeVisible();
    await expect(guest.getByText('Please contact your agency for a new link.')).toBeVisible();
  } finally {
    await client.close();
  }

  // The server renders the shared page: its HTML alone, with no script run, shows the report's first screen.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    const reader = await noScript.newPage();
    await reader.setViewportSize(PHONE);
    await reader.goto(link);
    await expect(reader.getByRole('heading', { level: 1, name: FILENAME })).toBeVisible();
    await expect(reader.getByTestId('optimization-score')).toBeVisible();
    await expect(reader.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    // A plain screenshot: axe (in `shoot`) runs in the page, which here runs nothing.
    await reader.screenshot({ path: join(SHOTS, 'shared-report-server-rendered-390x844.png') });
  } finally {
    await noScript.close();
  }
});
