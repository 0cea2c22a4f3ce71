/// <reference lib="dom" />
import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { seedFinishedReport } from './support/seed';
import { PHONE, shoot } from './support/screenshots';

const FILENAME = 'client-review-cut.mp4';

test('share links are managed: listed with their opens, copied again, revoked with a confirmation; the dashboard marks shared reports', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  await seedFinishedReport(FILENAME);
  await page.reload();
  const card = page.getByTestId('report-card').filter({ hasText: FILENAME });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('live-share-chip')).toHaveCount(0);

  // Count the links made: opening the dialog must make none.
  let made = 0;
  page.on('request', (req) => req.method() === 'POST' && /\/share$/.test(new URL(req.url()).pathname) && (made += 1));

  await card.getByRole('button', { name: 'Share Report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Analysis Report' });
  await expect(dialog.getByRole('heading', { name: 'Live links (0)' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Generate Link' }).click();
  const link = await dialog.getByTestId('share-link').inputValue();
  await expect(dialog.getByTestId('live-link')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(card.getByTestId('live-share-chip')).toHaveText('Shared');

  // A client opens the link twice.
  const client = await browser.newContext();
  try {
    const guest = await client.newPage();
    for (let i = 0; i < 2; i += 1) {
      await guest.goto(link);
      await expect(guest.getByTestId('optimization-score')).toBeVisible();
    }

    // Reopened, the dialog lists the same one link, opened twice; nothing new was made.
    await card.getByRole('button', { name: 'Share Report' }).click();
    await expect(dialog.getByTestId('share-link')).toHaveCount(0);
    const row = dialog.getByTestId('live-link');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('PDF download allowed');
    await expect(row).toContainText(/Opened 2 times, last \d+ \w{3}, \d\d:\d\d/);
    await expect(row).toContainText(/Created .* · expires /);
    expect(made).toBe(1);
    // Copied again from the list: the same link.
    await row.getByRole('button', { name: /^Copy link created / }).click();
    await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await shoot(page, 'share-dialog-live-links');

    // Revoke, confirmed: the client's link stops working at once, the card loses its mark.
    await page.setViewportSize(PHONE);
    await row.getByRole('button', { name: /^Revoke link created / }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this link?' });
    await expect(confirm).toContainText('can no longer open the report');
    await shoot(page, 'share-revoke-confirm');
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await expect(page.getByText('Link revoked')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Live links (0)' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(card.getByTestId('live-share-chip')).toHaveCount(0);
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'Report Not Found' })).toBeVisible();
  } finally {
    await client.close();
  }
});
