/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { signIn } from './support/auth';
import { DESKTOP, PHONE, SHOTS, shoot } from './support/screenshots';

test('a creator picks a platform at upload, reads its checks, and re-checks for another platform', async ({ page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => !error.message.startsWith('Firebase:') && errors.push(error.message));
  const dir = mkdtempSync(join(tmpdir(), 'preflight-platform-'));
  try {
    // A horizontal clip: wider than square, so YouTube Shorts refuses its shape and YouTube takes it.
    const { path } = await makeTalkingVideo({ dir, seconds: 6, width: 480, height: 270, name: 'landscape-talk' });
    const filename = basename(path);
    await page.setViewportSize(DESKTOP);
    await signIn(page);

    await page.goto('/app/upload');
    const picker = page.getByRole('combobox', { name: 'Target platform' });
    await expect(picker).toHaveValue('auto');
    await picker.selectOption({ label: 'YouTube Shorts' });
    await page.getByTestId('file-input').setInputFiles(path);
    await shoot(page, 'upload-platform');
    await page.getByRole('button', { name: /Upload All/ }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/, { timeout: 60_000 });
    const card = page.getByTestId('report-card').filter({ hasText: filename });
    await expect(card.getByText(/^(analyzed|completed)$/)).toBeVisible({ timeout: 180_000 });
    await card.getByRole('link', { name: 'View Optimization Analysis' }).first().click();

    const checks = page.getByRole('region', { name: 'Platform checks' });
    await expect(checks).toContainText('Checked against YouTube Shorts (your choice)');
    await expect(checks.getByTestId('platform-check-aspect')).toHaveAttribute('data-status', 'fail');
    await expect(checks.getByTestId('platform-check-aspect')).toContainText('480 × 270 (16:9)');
    await expect(checks.getByTestId('platform-check-aspect')).toContainText('wider than square');
    await expect(checks.getByTestId('platform-check-length')).toHaveAttribute('data-status', 'pass');
    await expect(checks.getByTestId('platform-check-loudness')).toContainText('target: -14 LUFS');
    await expect(checks.getByTestId('platform-check-hook')).toContainText('a hook in the first 3 s');
    await shoot(page, 'report-platform-shorts');
    for (const [label, size] of [['1280', DESKTOP], ['390', PHONE]] as const) {
      await page.setViewportSize(size);
      await checks.scrollIntoViewIfNeeded();
      await checks.screenshot({ path: join(SHOTS, `platform-checks-shorts-${label}.png`) });
    }
    await page.setViewportSize(DESKTOP);

    // Re-check for YouTube: no new upload, the same report now passes its shape and gets a longer hook window.
    await checks.getByRole('combobox', { name: 'Re-check for' }).selectOption({ label: 'YouTube' });
    await expect(page.getByText('Re-checked for YouTube')).toBeVisible({ timeout: 30_000 });
    await expect(checks).toContainText('Checked against YouTube (your choice)');
    await expect(checks.getByTestId('platform-check-aspect')).toHaveAttribute('data-status', 'pass');
    await expect(checks.getByTestId('platform-check-hook')).not.toContainText('a hook in the first 3 s');
    await expect(checks.getByRole('combobox', { name: 'Re-check for' })).toHaveValue('youtube');

    // Auto explains itself.
    await checks.getByRole('combobox', { name: 'Re-check for' }).selectOption({ label: 'Auto' });
    await expect(checks).toContainText('Checked against YouTube (picked automatically)', { timeout: 30_000 });
    await expect(checks.getByTestId('platform-auto-reason')).toHaveText(/^Auto: horizontal 16:9, 0:0\d → YouTube \(wider than square\)$/);
    for (const [label, size] of [['1280', DESKTOP], ['390', PHONE]] as const) {
      await page.setViewportSize(size);
      await checks.scrollIntoViewIfNeeded();
      await checks.screenshot({ path: join(SHOTS, `platform-checks-auto-${label}.png`) });
    }
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
