import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { expectAccessible } from './support/axe';
import { recutPair, trimPair } from './support/report-variants';
import { seedFinishedReport } from './support/seed';
import { shoot, SHOTS } from './support/screenshots';

test('a creator compares two cuts from the dashboard and shares the comparison with a signed-out client', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible(); // the creator's row exists
  const { a, b } = recutPair();
  const aId = await seedFinishedReport('talk-v1.mp4', a);
  const bId = await seedFinishedReport('talk-v2-tighter.mp4', b);
  await page.reload();

  // Dashboard card of the new cut → Compare → pick the first cut.
  const card = page.getByTestId('report-card').filter({ hasText: 'talk-v2-tighter.mp4' });
  await card.getByRole('button', { name: 'Compare talk-v2-tighter.mp4 with another version' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare with another version' });
  await expect(dialog.getByRole('radio', { name: /talk-v1\.mp4/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Compare', exact: true })).toBeDisabled();
  await expectAccessible(page, 'compare dialog');
  await dialog.getByRole('radio', { name: /talk-v1\.mp4/ }).check();
  await dialog.getByRole('button', { name: 'Compare', exact: true }).click();

  // The older cut is A, the newer B; the verdict comes first, then both cuts, the curves, the windows, the issues.
  await expect(page).toHaveURL(new RegExp(`/app/compare\\?a=${aId}&b=${bId}$`));
  const verdict = page.getByRole('heading', { level: 1 });
  await expect(verdict).toHaveText(/^(Post [AB]|Either cut) \(score A \d+, B \d+/);
  await expect(page.getByRole('region', { name: 'Cut A: talk-v1.mp4' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cut B: talk-v2-tighter.mp4' })).toBeVisible();
  await expect(page.getByTestId('comparison-chart').locator('svg path').first()).toBeVisible();
  await expect(page.getByRole('listitem', { name: /^Only in A \(cut from B\): A 0:20–0:26$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Fixed in B \([1-9]\d*\)$/ })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await shoot(page, 'compare');
  const { scrollWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(1280);

  // The comparison as a PDF, named after both cuts.
  const downloaded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe('comparison-talk-v1-vs-talk-v2-tighter.pdf');
  mkdirSync(SHOTS, { recursive: true });
  const file = join(SHOTS, 'compare.pdf');
  await download.saveAs(file);
  const bytes = readFileSync(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeLessThan(1_000_000);

  // Share the comparison; a client without an account opens it.
  const verdictText = await verdict.textContent();
  await page.getByRole('button', { name: 'Share comparison' }).click();
  const share = page.getByRole('dialog', { name: 'Share Analysis Report' });
  await expect(share).toContainText('This link expires in 7 days');
  await share.getByRole('button', { name: 'Generate Link' }).click();
  const url = await share.getByTestId('share-link').inputValue();
  expect(url).toMatch(/\/app\/client\/compare\/[A-Za-z0-9_-]{43}$/);
  const client = await browser.newContext();
  const guest = await client.newPage();
  await guest.setViewportSize({ width: 390, height: 844 });
  await guest.goto(url);
  await expect(guest.getByRole('heading', { level: 1 })).toHaveText(verdictText ?? '');
  await expect(guest.getByText('Read-only comparison', { exact: true })).toBeVisible();
  await expect(guest.getByRole('link', { name: /Open report/ })).toHaveCount(0);
  await expect(guest.getByRole('heading', { name: /^Fixed in B/ })).toBeVisible();
  const wide = await guest.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(wide).toBe(false);
  await expect(guest.getByRole('button', { name: 'Download PDF' })).toBeVisible(); // the link allows downloads
  await shoot(guest, 'compare-shared');

  // The comparison's Share dialog lists its live links, like the report's (issue 28): copy any, revoke any.
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Share comparison' }).click();
  const again = page.getByRole('dialog', { name: 'Share Analysis Report' });
  await expect(again.getByRole('heading', { name: 'Live links (1)' })).toBeVisible();
  await expect(again.getByTestId('live-link')).toContainText(/Opened \d+ times?/);
  await shoot(page, 'compare-share-live-links');
  await again.getByRole('button', { name: /^Revoke link created/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this link?' });
  await expect(confirm).toContainText('can no longer open the comparison');
  await confirm.getByRole('button', { name: 'Revoke link' }).click();
  await expect(again.getByRole('heading', { name: 'Live links (0)' })).toBeVisible();
  await guest.reload();
  await expect(guest.getByText('Failed to load comparison. The link may have expired or be invalid.')).toBeVisible();
  await client.close();
});

test('a trim and its original give the same, consistent verdict in either order, and the creator can swap A and B', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  const { original, trim } = trimPair();
  // Uploaded together, the trim first: upload order made it A, which is how "two different videos" came about.
  const trimId = await seedFinishedReport('launch-trim-18s.mp4', trim);
  const originalId = await seedFinishedReport('launch-original-42s.mp4', original);
  const scoreOf = { [trimId]: trim.overall_score_and_recommendations.overall_performance_score, [originalId]: original.overall_score_and_recommendations.overall_performance_score };

  const verdicts: Record<string, string> = {};
  for (const [a, b] of [[trimId, originalId], [originalId, trimId]] as const) {
    if (a === trimId) await page.goto(`/app/compare?a=${a}&b=${b}`);
    else {
      // The second order through the page's own control.
      await page.getByRole('button', { name: 'Swap A and B' }).click();
      await expect(page).toHaveURL(new RegExp(`/app/compare\\?a=${a}&b=${b}$`));
    }
    const verdict = page.getByRole('heading', { level: 1 });
    // Scores in A-then-B order; the same video (all of the trim is in the original); both directions measured.
    await expect(verdict).toHaveText(new RegExp(`\\(score A ${scoreOf[a]}, B ${scoreOf[b]}[;)]`));
    const text = (await verdict.textContent())!;
    expect(text).not.toContain('two different videos');
    if (Math.abs(scoreOf[a]! - scoreOf[b]!) >= 3) expect(text).not.toMatch(/alike/);
    const coverage = a === trimId ? /100% of A found in B; 4\d% of B found in A\./ : /4\d% of A found in B; 100% of B found in A\./;
    await expect(page.getByText(coverage)).toBeVisible();
    verdicts[a === trimId ? 'trimFirst' : 'originalFirst'] = text;
    await shoot(page, a === trimId ? 'compare-trim-as-a' : 'compare-trim-as-b');
  }
  // The same recommendation either way: the cut it names is the same file.
  const posts = (text: string, aIsTrim: boolean) => {
    const letter = /^Post ([AB])/.exec(text)?.[1];
    if (!letter) return 'either';
    return (letter === 'A') === aIsTrim ? 'trim' : 'original';
  };
  expect(posts(verdicts.trimFirst!, true)).toBe(posts(verdicts.originalFirst!, false));
});
