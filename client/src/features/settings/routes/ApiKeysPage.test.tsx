import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp, signedIn } from '../../../test/render';
import { ApiKeysPage } from './ApiKeysPage';

const sdk = vi.hoisted(() => ({ listApiKeys: vi.fn(), createApiKey: vi.fn(), revokeApiKey: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

const key = (over: Record<string, unknown> = {}) => ({
  id: 'k1',
  name: 'Scheduler',
  scope: 'write',
  prefix: 'pf_live_a1B2c3',
  created_at: '2026-11-01T10:00:00Z',
  expires_at: null,
  last_used_at: '2026-11-20T09:30:00Z',
  last_used_ip: '198.51.100.7',
  ...over,
});

const renderPage = () => renderApp(<ApiKeysPage />, { route: '/settings/api-keys', auth: fakeAuth(signedIn()) });

beforeEach(() => Object.values(sdk).forEach((fn) => fn.mockReset()));

describe('ApiKeysPage', () => {
  it('lists keys with prefix, scope, created, last use and its address; an expired key says so', async () => {
    sdk.listApiKeys.mockResolvedValue({ data: [key(), key({ id: 'k2', name: 'Old', scope: 'read', expires_at: '2020-01-01T00:00:00Z', last_used_at: null, last_used_ip: null })] });
    renderPage();
    const list = await screen.findByRole('list', { name: 'API keys' });
    const [first, second] = await within(list).findAllByRole('listitem');
    expect(first).toHaveTextContent('Scheduler');
    expect(first).toHaveTextContent('Write');
    expect(first).toHaveTextContent('pf_live_a1B2c3…');
    expect(first).toHaveTextContent(/Last used .* from 198\.51\.100\.7/);
    expect(second).toHaveTextContent('Read');
    expect(second).toHaveTextContent('Expired');
    expect(second).toHaveTextContent('Never used');
  });

  it('creates a key with name, scope and expiry, and shows the key once', async () => {
    sdk.listApiKeys.mockResolvedValue({ data: [] });
    sdk.createApiKey.mockResolvedValue({ data: { ...key(), key: 'pf_live_a1B2c3dEfGhIjKlMnOpQrStUvWxYz01234' } });
    renderPage();
    expect(await screen.findByText(/No keys yet/)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Scheduler');
    await userEvent.click(screen.getByRole('combobox', { name: 'Scope' }));
    await userEvent.click(screen.getByRole('option', { name: 'Write' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Expires' }));
    await userEvent.click(screen.getByRole('option', { name: '90 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent('pf_live_a1B2c3dEfGhIjKlMnOpQrStUvWxYz01234');
    expect(screen.getByText(/shown only once/)).toBeInTheDocument();
    const body = (sdk.createApiKey.mock.calls[0]?.[0] as { body: unknown }).body as { name: string; scope: string; expires_at: string };
    expect(body).toMatchObject({ name: 'Scheduler', scope: 'write' });
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(89 * 24 * 3600 * 1000);
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('new-api-key')).not.toBeInTheDocument());
  });

  it('revokes after a confirmation', async () => {
    sdk.listApiKeys.mockResolvedValue({ data: [key()] });
    sdk.revokeApiKey.mockResolvedValue({ data: undefined });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Scheduler' }));
    const dialog = screen.getByRole('dialog', { name: /Revoke “Scheduler”/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(sdk.revokeApiKey).toHaveBeenCalledWith(expect.objectContaining({ path: { keyId: 'k1' } })));
    expect(await screen.findByText(/is revoked: it no longer works/)).toBeInTheDocument();
  });
});
