import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { keepOffline, signIn } from './support/auth';
import { DESKTOP, PHONE } from './support/screenshots';

// Page states no other spec photographs (those are checked by `shoot`): public pages, menus, dialogs, loading and
// error states, the empty dashboard. Zero serious or critical axe violations in each, at phone and desktop width.

test('public pages, the phone menu, a loading state and an unknown share link', async ({ page }) => {
  await keepOffline(page.context());
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    const width = `${size.width}px`;
    await page.goto('/app/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `landing ${width}`);
    await page.goto('/app/login');
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    await expectAccessible(page, `login ${width}`);
    await page.goto('/app/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `pricing ${width}`);
    await page.goto('/app/client/not-a-real-token-but-long-enough-0123456789');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, `shared report, unknown link ${width}`);
  }
  // The phone menu (a modal drawer).
  await page.setViewportSize(PHONE);
  await page.goto('/app/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toBeVisible();
  await expectAccessible(page, 'landing menu 390px');

  // Loading: the report's request held until axe has looked at the spinner.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/public/prevention/share/**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/app/client/another-unknown-token-0123456789abcdef');
  await expect(page.getByRole('status').or(page.getByRole('progressbar')).first()).toBeVisible();
  await expectAccessible(page, 'shared report loading 390px');
  release();
});

test('signed in: the Growth Insights dialog, the empty upload page and billing', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await expect(page.getByText('Ready to Optimize Your Content?')).toBeVisible();
  await page.getByRole('button', { name: 'Growth Insights' }).click();
  await expect(page.getByRole('dialog', { name: 'Growth Insights' })).toBeVisible();
  await expectAccessible(page, 'growth insights dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goto('/app/upload');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'upload empty');
  await page.goto('/app/billing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, 'billing');
});

test('keyboard focus is visible on every control of the landing and sign-in pages', async ({ page }) => {
  await keepOffline(page.context());
  await page.setViewportSize(DESKTOP);
  for (const path of ['/app/', '/app/login']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return { name: `${el.tagName} ${el.textContent?.trim().slice(0, 40) ?? ''}`, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      if (!focus || seen.has(focus.name)) continue;
      seen.add(focus.name);
      expect(focus.outline, `focus ring on ${focus.name} (${path})`).not.toBe('none');
      expect(focus.width, `focus ring on ${focus.name} (${path})`).toBeGreaterThanOrEqual(2);
    }
    expect(seen.size).toBeGreaterThan(2);
  }
});
