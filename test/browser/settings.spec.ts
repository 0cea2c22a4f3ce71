import { expect, test } from '@playwright/test';
import { signIn } from './support/auth';
import { DESKTOP, shoot } from './support/screenshots';

test('Settings › API keys: create a key (shown once), it works on the API, the list shows its use, revoke; Settings › Webhooks: add an endpoint, send a test event, read the log', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await page.getByRole('banner').getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/api-keys$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill('Scheduling tool');
  await page.getByRole('combobox', { name: 'Scope' }).click();
  await page.getByRole('option', { name: 'Write' }).click();
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^pf_live_[0-9A-Za-z]{32}$/);
  const key = (await shown.textContent())!;
  await shoot(page, 'settings-api-key-created');
  await page.getByRole('button', { name: 'Done' }).click();

  // The key works on the API, from outside the browser; the list then shows its last use.
  const me = await request.get('/api/me', { headers: { 'X-API-Key': key } });
  expect(me.status()).toBe(200);
  await page.reload();
  const item = page.getByRole('list', { name: 'API keys' }).getByRole('listitem').filter({ hasText: 'Scheduling tool' });
  await expect(item).toContainText(key.slice(0, 14));
  await expect(item).toContainText(/Last used .* from /);
  await shoot(page, 'settings-api-keys');

  await item.getByRole('button', { name: 'Revoke Scheduling tool' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(/is revoked: it no longer works/)).toBeVisible();
  expect((await request.get('/api/me', { headers: { 'X-API-Key': key } })).status()).toBe(401);

  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Webhooks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
  // Nothing listens on the discard port: the test event is logged as not answered (and retried later).
  await page.getByRole('textbox', { name: 'URL' }).fill('http://127.0.0.1:9/preflight-hook');
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  // A Standard Webhooks secret: whsec_ and the base64 of 32 random bytes.
  const secret = page.getByTestId('new-webhook-secret');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const first = await secret.textContent();
  await page.getByRole('button', { name: 'Done' }).click();
  const endpoint = page.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').first();
  // Rotating shows a new secret once; the endpoint then says until when the previous one also signs.
  await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
  await expect(page.getByRole('dialog')).toContainText('The previous secret still signs deliveries for 24 hours');
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(await secret.textContent()).not.toBe(first);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(endpoint.getByTestId('secret-notice')).toContainText(/The previous secret also signs deliveries until .* UTC/);
  await endpoint.getByRole('button', { name: 'Send a test event' }).click();
  const log = page.getByRole('list', { name: 'Delivery log' });
  await expect(log).toContainText('webhook.test');
  await expect(log).toContainText(/1 attempt/, { timeout: 30_000 });
  await shoot(page, 'settings-webhooks');
});
