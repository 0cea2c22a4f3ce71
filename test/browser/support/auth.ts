import { expect, type BrowserContext, type Page } from '@playwright/test';

const offline = new WeakMap<BrowserContext, string[]>();

/**
 * Refuses every request that would leave this machine, for every page of the context, and returns the list of those
 * refused: the product runs offline against the Auth emulator (issue 28), and a test that needed the internet would
 * pass here only by luck.
 */
export async function keepOffline(context: BrowserContext): Promise<string[]> {
  const existing = offline.get(context);
  if (existing) return existing;
  const refused: string[] = [];
  offline.set(context, refused);
  await context.route(
    (url) => !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      refused.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  return refused;
}

/**
 * Signs a brand-new user in through the real flow, offline: Continue with Google → the app's own emulator account
 * picker → a new account → back on /dashboard.
 */
export async function signIn(page: Page): Promise<void> {
  await keepOffline(page.context());
  await page.goto('/app/login');
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

/** On the sign-in page: Continue with Google → the emulator account picker → a new test account is signed in. */
export async function continueWithGoogle(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a test Google account' });
  await picker.getByRole('button', { name: 'Sign in as new account' }).click();
  await expect(picker).toBeHidden();
}
