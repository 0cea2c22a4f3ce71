import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp, signedIn } from '../../../test/render';
import { WebhooksPage } from './WebhooksPage';

const sdk = vi.hoisted(() => ({
  listWebhookEndpoints: vi.fn(),
  createWebhookEndpoint: vi.fn(),
  deleteWebhookEndpoint: vi.fn(),
  enableWebhookEndpoint: vi.fn(),
  sendWebhookTest: vi.fn(),
  listWebhookDeliveries: vi.fn(),
  rotateWebhookSecret: vi.fn(),
}));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

const endpoint = (over: Record<string, unknown> = {}) => ({
  id: 'e1',
  url: 'https://hooks.example.com/preflight',
  events: ['analysis.completed'],
  created_at: '2026-11-01T10:00:00Z',
  disabled_at: null,
  disabled_reason: null,
  previous_secret_expires_at: null,
  secret_notice: null,
  ...over,
});

const renderPage = () => renderApp(<WebhooksPage />, { route: '/settings/webhooks', auth: fakeAuth(signedIn()) });

beforeEach(() => Object.values(sdk).forEach((fn) => fn.mockReset()));

describe('WebhooksPage', () => {
  it('adds an endpoint with chosen events and shows its secret once', async () => {
    sdk.listWebhookEndpoints.mockResolvedValue({ data: [] });
    sdk.createWebhookEndpoint.mockResolvedValue({ data: { ...endpoint(), secret: 'whsec_abc123' } });
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'URL' }), 'https://hooks.example.com/preflight');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Analysis failed' })); // off (it starts on)
    await userEvent.click(screen.getByRole('checkbox', { name: 'Share link opened' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByTestId('new-webhook-secret')).toHaveTextContent('whsec_abc123');
    const body = (sdk.createWebhookEndpoint.mock.calls[0]?.[0] as { body: unknown }).body;
    expect(body).toEqual({ url: 'https://hooks.example.com/preflight', events: ['analysis.completed', 'share.opened'] });
  });

  it('shows the disable notice with Enable, sends a test event and opens the delivery log', async () => {
    sdk.listWebhookEndpoints.mockResolvedValue({ data: [endpoint({ disabled_at: '2026-11-20T10:00:00Z', disabled_reason: 'Disabled on 2026-11-20 10:00 UTC: deliveries kept failing for every retry (last: HTTP 500).' })] });
    sdk.sendWebhookTest.mockResolvedValue({ data: { id: 'd1' } });
    sdk.enableWebhookEndpoint.mockResolvedValue({ data: endpoint() });
    sdk.listWebhookDeliveries.mockResolvedValue({
      data: [{ id: 'd1', event_id: 'evt_1', event_type: 'webhook.test', status: 'failed', attempts: 12, response_code: 500, response_excerpt: 'oops', error: null, created_at: '2026-11-19T10:00:00Z', last_attempt_at: '2026-11-20T10:00:00Z' }],
    });
    renderPage();
    const [card] = (await within(await screen.findByRole('list', { name: 'Webhook endpoints' })).findAllByRole('listitem')) as [HTMLElement];
    expect(card).toHaveTextContent('deliveries kept failing for every retry (last: HTTP 500)');
    await userEvent.click(within(card).getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(sdk.enableWebhookEndpoint).toHaveBeenCalledWith(expect.objectContaining({ path: { endpointId: 'e1' } })));
    await userEvent.click(within(card).getByRole('button', { name: 'Send a test event' }));
    await waitFor(() => expect(sdk.sendWebhookTest).toHaveBeenCalled());
    const log = await screen.findByRole('list', { name: 'Delivery log' });
    expect(log).toHaveTextContent('failed');
    expect(log).toHaveTextContent('answered 500 · 12 attempts');
  });

  it('rotates the secret: shows the new one once with the 24-hour note, and the notice the API gives', async () => {
    const notice = 'The previous secret also signs deliveries until 2026-11-21 10:00 UTC: put the new one in your receiver before then.';
    sdk.listWebhookEndpoints.mockResolvedValueOnce({ data: [endpoint()] }).mockResolvedValue({ data: [endpoint({ previous_secret_expires_at: '2026-11-21T10:00:00Z', secret_notice: notice })] });
    sdk.rotateWebhookSecret.mockResolvedValue({ data: { ...endpoint({ previous_secret_expires_at: '2026-11-21T10:00:00Z', secret_notice: notice }), secret: 'whsec_bmV3IHNlY3JldCBmb3IgdGhlIHRlc3QgMTIzNA==' } });
    renderPage();
    const [card] = (await within(await screen.findByRole('list', { name: 'Webhook endpoints' })).findAllByRole('listitem')) as [HTMLElement];
    expect(within(card).queryByTestId('secret-notice')).toBeNull();
    await userEvent.click(within(card).getByRole('button', { name: 'Rotate secret' }));
    await waitFor(() => expect(sdk.rotateWebhookSecret).toHaveBeenCalledWith(expect.objectContaining({ path: { endpointId: 'e1' } })));
    expect(await screen.findByTestId('new-webhook-secret')).toHaveTextContent('whsec_bmV3IHNlY3JldCBmb3IgdGhlIHRlc3QgMTIzNA==');
    expect(screen.getByRole('dialog')).toHaveTextContent('The previous secret still signs deliveries for 24 hours');
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('secret-notice')).toHaveTextContent(notice);
  });

  it('says so when Preflight replaced a secret that was not a Standard Webhooks one', async () => {
    const notice = "Preflight replaced this endpoint's signing secret on 2026-12-08 00:00 UTC: it was not a Standard Webhooks secret (whsec_ and the base64 of random bytes). The old secret still signs deliveries until 2026-12-09 00:00 UTC. Rotate the secret to get a new one, and put it in your receiver.";
    sdk.listWebhookEndpoints.mockResolvedValue({ data: [endpoint({ previous_secret_expires_at: '2026-12-09T00:00:00Z', secret_notice: notice })] });
    renderPage();
    expect(await screen.findByTestId('secret-notice')).toHaveTextContent("Preflight replaced this endpoint's signing secret");
  });
});
