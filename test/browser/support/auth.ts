import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';

const GAPI_STUB = readFileSync(join(__dirname, 'gapi-stub.js'), 'utf8');

/** Serves the offline stand-in for Google's api.js to every page of the context (tests only). */
export async function routeGoogleScripts(context: BrowserContext): Promise<void> {
  await context.route('https://apis.google.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: GAPI_STUB }));
}

/**
 * Signs a brand-new user in through the real flow: Continue with Google → the Auth emulator's account chooser in a
 * popup → back on /dashboard. Returns the display name the emulator generated.
 */
export async function signIn(page: Page): Promise<void> {
  await routeGoogleScripts(page.context());
  await page.goto('/app/login');
  await continueWithGoogle(page);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

/**
 * On the sign-in page: Continue with Google → the emulator's account chooser → a new user is signed in. Call
 * routeGoogleScripts before the app first loads.
 */
export async function continueWithGoogle(page: Page): Promise<void> {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await popup.getByText('Add new account').click();
  await popup.getByText('Auto-generate user information').click();
  await popup.getByText('Sign in with Google.com').click();
}
