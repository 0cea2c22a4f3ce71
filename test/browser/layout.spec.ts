import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth';
import { SHOTS } from './support/screenshots';
import { hourLongReport, manyIssuesReport, noIssuesReport, twoSecondReport } from './support/report-variants';
import { sampleReport, seedFinishedReport, seedPaidPlan, seedShareLink } from './support/seed';

// The widths a creator uses (phone, tablet, laptop, large desktop), with a filename as long as real ones get.
const WIDTHS = [360, 390, 768, 1280, 1920];
const LONG_NAME = 'summer-campaign-teaser_FINAL-final-v3_with-captions-and-licensed-music_export-2026-11-23_1080x1920.mp4';

/** Nothing wider than the window: no sideways scrolling, no clipped controls. */
async function expectNoSidewaysScroll(page: Page, what: string, check = expect) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  check(scrollWidth, `${what}: page ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Every button's icons and label lie inside the button: an icon or a word pushed past a button's edge (the dashboard
 * card's Share and Compare at 390 px once) reads as broken even where nothing scrolls sideways.
 */
async function expectButtonsWhole(page: Page, what: string, check = expect) {
  const spilled = await page.evaluate(() => {
    const found: string[] = [];
    for (const button of document.querySelectorAll('main button, main a.MuiButton-root, main [role="button"]')) {
      const frame = button.getBoundingClientRect();
      if (frame.width === 0 || getComputedStyle(button).visibility === 'hidden') continue;
      const name = (button.getAttribute('aria-label') ?? button.textContent ?? '').trim().slice(0, 40);
      if (button.scrollWidth > button.clientWidth + 1) found.push(`"${name}": content ${button.scrollWidth}px in ${button.clientWidth}px`);
      for (const part of button.querySelectorAll('svg')) {
        const box = part.getBoundingClientRect();
        if (box.width > 0 && (box.left < frame.left - 1 || box.right > frame.right + 1)) found.push(`"${name}": icon outside the button`);
      }
    }
    return found;
  });
  check(spilled, `${what}: buttons whose content spills out`).toEqual([]);
}

test('every page fits 360, 390, 768, 1280 and 1920 px with a very long filename', async ({ page }) => {
  test.setTimeout(600_000);
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible(); // the account exists
  const reportId = await seedFinishedReport(LONG_NAME);
  const otherId = await seedFinishedReport(`other-cut_${LONG_NAME}`);
  const token = await seedShareLink(reportId);
  await seedPaidPlan(); // the seeded reports would use up the free analysis, and the upload below must start
  // An upload that stays in progress (its PATCH is held until the end) so its row is measured while uploading.
  const held: Array<() => void> = [];
  await page.route('**/api/upload/tus/*', (route) => (route.request().method() === 'PATCH' ? void held.push(() => void route.abort()) : route.continue()));
  // Leaving the upload page while it uploads asks first (LeaveWhileUploading): accepted here.
  page.on('dialog', (dialog) => void dialog.accept());
  mkdirSync(SHOTS, { recursive: true });
  const uploading = async () => {
    await page.getByTestId('file-input').setInputFiles({ name: LONG_NAME, mimeType: 'video/mp4', buffer: Buffer.alloc(64 * 1024) });
    await page.getByRole('button', { name: /Upload All/ }).click();
    await expect(page.getByTestId('queue-item')).toHaveAttribute('data-status', 'uploading');
  };
  const pages: Array<{ name: string; path: string; ready: ReturnType<Page['getByRole']>; then?: () => Promise<void> }> = [
    { name: 'landing', path: '/app/', ready: page.getByRole('heading', { level: 1 }) },
    { name: 'pricing', path: '/app/pricing', ready: page.getByRole('heading', { level: 1 }) },
    { name: 'dashboard', path: '/app/dashboard', ready: page.getByTestId('report-card').filter({ hasText: LONG_NAME }).first() },
    { name: 'analysis', path: `/app/analysis?id=${reportId}`, ready: page.getByRole('heading', { level: 1, name: LONG_NAME }) },
    { name: 'upload', path: '/app/upload', ready: page.getByRole('heading', { level: 1 }) },
    { name: 'billing', path: '/app/billing', ready: page.getByRole('heading', { level: 1 }) },
    { name: 'uploading', path: '/app/upload', ready: page.getByRole('heading', { level: 1 }), then: uploading },
    { name: 'compare', path: `/app/compare?a=${reportId}&b=${otherId}`, ready: page.getByRole('heading', { level: 1 }) },
    { name: 'shared', path: `/app/client/${token}`, ready: page.getByRole('heading', { level: 1, name: LONG_NAME }) },
  ];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const { name, path, ready, then } of pages) {
      const what = `${name} at ${width}px`;
      await page.goto(path);
      await expect(ready).toBeVisible();
      await then?.();
      // Soft: one run lists every page and width that does not fit.
      await expectNoSidewaysScroll(page, what, expect.soft);
      await expectNothingClipped(page, what, expect.soft);
      await expectButtonsWhole(page, what, expect.soft);
      await page.screenshot({ path: join(SHOTS, `layout-${name}-${width}.png`), fullPage: true });
    }
  }
  held.forEach((release) => release());
});

/** Every element matched lies inside the window's width: not pushed off the side, not cut by it. */
async function expectWithinWidth(page: Page, selector: string, what: string) {
  const outside = await page.locator(selector).evaluateAll((elements) =>
    elements
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0 && (box.left < -0.5 || box.right > window.innerWidth + 0.5))
      .map((box) => `${Math.round(box.left)}..${Math.round(box.right)}`),
  );
  expect(outside, `${what}: ${selector} outside the ${page.viewportSize()?.width}px window`).toEqual([]);
}

/**
 * Nothing in the page's main part cut off sideways by a box that hides its overflow (a card, a chip): every visible
 * element lies within its nearest clipping ancestor. Scrolling boxes (overflow auto/scroll) are meant to be wider.
 */
async function expectNothingClipped(page: Page, what: string, check = expect) {
  const clipped = await page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll('main *')) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Moved by a transform on purpose (a progress bar's fill slides in from the left): not a layout overflow.
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || style.transform !== 'none') continue;
      for (let clip = element.parentElement; clip && clip !== document.body; clip = clip.parentElement) {
        const overflow = getComputedStyle(clip).overflowX;
        if (overflow === 'visible') continue;
        const frame = clip.getBoundingClientRect();
        if (overflow !== 'auto' && overflow !== 'scroll' && (box.left < frame.left - 1 || box.right > frame.right + 1)) {
          found.push(`${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
        }
        break;
      }
    }
    return found;
  });
  check(clipped, `${what}: cut off sideways`).toEqual([]);
}

// Reports at the edges: an hour-long video, a two-second clip, 25 issues and none, and the long filename.
const EDGE_REPORTS = [
  { name: 'hour', filename: 'full-podcast-episode-47-the-long-one.mp4', report: hourLongReport },
  { name: 'two-seconds', filename: 'blink.mp4', report: twoSecondReport },
  { name: 'many-issues', filename: 'rough-first-cut.mp4', report: manyIssuesReport },
  { name: 'no-issues', filename: 'tight-final-cut.mp4', report: noIssuesReport },
  { name: 'long-name', filename: LONG_NAME, report: sampleReport },
];

test('reports at the edges (1 h, 2 s, 25 issues, none, a long filename) fit the dashboard, analysis and shared pages at every width', async ({ page }) => {
  test.setTimeout(900_000);
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible(); // the account exists
  const seeded = [];
  for (const edge of EDGE_REPORTS) {
    const report = edge.report();
    const id = await seedFinishedReport(edge.filename, report);
    seeded.push({ ...edge, issues: report.prevention_analytics.prevention_fixes.length, id, token: await seedShareLink(id) });
  }
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/app/dashboard');
    for (const { filename } of seeded) await expect(page.getByTestId('report-card').filter({ hasText: filename })).toBeVisible();
    await expectNoSidewaysScroll(page, `dashboard at ${width}px`);
    await expectWithinWidth(page, '[data-testid="report-card"]', `dashboard at ${width}px`);
    await expectNothingClipped(page, `dashboard at ${width}px`);
    await page.screenshot({ path: join(SHOTS, `layout-edges-dashboard-${width}.png`), fullPage: true });

    for (const { name, filename, issues, id, token } of seeded) {
      for (const [pageName, path] of [['analysis', `/app/analysis?id=${id}`], ['shared', `/app/client/${token}`]]) {
        const what = `${pageName} of the ${name} report at ${width}px`;
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: filename })).toBeVisible();
        await expect(page.getByTestId('optimization-score')).toBeVisible();
        await expect(page.getByTestId('retention-chart')).toBeVisible();
        if (issues === 0) await expect(page.getByText('No Critical Issues Found!')).toBeVisible();
        else await expect.poll(() => page.getByTestId('issue').count(), { message: what }).toBeGreaterThanOrEqual(issues);
        await expectNoSidewaysScroll(page, what);
        await expectWithinWidth(page, 'h1, [data-testid="optimization-score"], [data-testid="retention-chart"], [data-testid="issue"]', what);
        await expectNothingClipped(page, what);
        await page.screenshot({ path: join(SHOTS, `layout-edges-${pageName}-${name}-${width}.png`), fullPage: true });
      }
    }
  }
});
