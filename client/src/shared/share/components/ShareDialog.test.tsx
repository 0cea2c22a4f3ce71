import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp, signedIn } from '../../../test/render';

const sdk = vi.hoisted(() => ({
  createShareLink: vi.fn(),
  createComparisonShareLink: vi.fn(),
  listShareLinks: vi.fn(),
  revokeShareLink: vi.fn(),
  listComparisonShareLinks: vi.fn(),
  revokeComparisonShareLink: vi.fn(),
}));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

const { ShareDialog } = await import('./ShareDialog');

const TOKEN = 'Jw3k9ZlqX0b_4-8sPq2mLr7tYv1cN5eQhA6uDgFzKxI';
/** The server's answer for a link made now that lives `days` days. */
const answer = (days = 7) => {
  const created = new Date('2026-11-23T09:00:00Z');
  const expires = new Date(created.getTime() + days * 24 * 3600 * 1000);
  return {
    data: {
      id: 'link-1',
      report_id: 'r1',
      token: TOKEN,
      shareToken: TOKEN,
      created_at: created.toISOString(),
      expires_at: expires.toISOString(),
      allow_download: true,
      show_sensitive_data: false,
    },
  };
};

const renderDialog = (copyText = vi.fn(async () => {})) => {
  renderApp(<ShareDialog reportId="r1" open onClose={() => {}} copyText={copyText} />, { route: '/dashboard', auth: fakeAuth(signedIn()) });
  return { copyText };
};

beforeEach(() => {
  sdk.createShareLink.mockReset();
  sdk.listShareLinks.mockReset().mockResolvedValue({ data: [] });
  sdk.revokeShareLink.mockReset();
  sdk.listComparisonShareLinks.mockReset().mockResolvedValue({ data: [] });
  sdk.revokeComparisonShareLink.mockReset();
});

/** A live link as the list answers it. */
const live = (id: string, token: string | null, extra: object = {}) => ({
  id,
  report_id: 'r1',
  compare_report_id: null,
  token,
  created_at: '2026-11-20T09:00:00Z',
  expires_at: '2026-11-27T09:00:00Z',
  allow_download: true,
  show_sensitive_data: false,
  open_count: 0,
  last_opened_at: null,
  ...extra,
});
/** Where the app lives (Vite's base: /app/ in the build). */
const LINK = `${window.location.origin}${import.meta.env.BASE_URL}client/${TOKEN}`;

describe('ShareDialog', () => {
  it('before a link exists: the title, Generate Link and the four statements', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Share Analysis Report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Link' })).toBeEnabled();
    expect(screen.queryByTestId('share-link')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'About this link' });
    expect(list).toHaveTextContent('This link expires in 7 days');
    expect(list).toHaveTextContent('No login is required');
    expect(list).toHaveTextContent('Anyone with the link can view');
    expect(list).toHaveTextContent('No video content is stored or shared');
  });

  it('sends the product settings, shows Generating..., then the read-only link and the success toast', async () => {
    let resolve!: (value: unknown) => void;
    sdk.createShareLink.mockReturnValue(new Promise((r) => (resolve = r)));
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    expect(sdk.createShareLink).toHaveBeenCalledWith(
      expect.objectContaining({
        path: { reportId: 'r1' },
        body: {
          report_id: 'r1',
          user_id: 'uid-1',
          share_settings: { is_public: true, allow_download: true, show_sensitive_data: false, expiration_days: 7 },
        },
      }),
    );
    resolve(answer(7));
    const field = await screen.findByTestId('share-link');
    expect(field).toHaveValue(LINK);
    expect(field).toHaveAttribute('readonly');
    expect(await screen.findByText('Share link generated successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate Link' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'About this link' })).toHaveTextContent('This link expires in 7 days');
  });

  it('offers the link\'s options before it is made: PDF download off and a shorter lifetime go to the API', async () => {
    sdk.createShareLink.mockResolvedValue({ data: { ...answer(3).data, allow_download: false } });
    renderDialog();
    const options = screen.getByTestId('share-options');
    const download = within(options).getByRole('switch', { name: 'Allow PDF download' });
    expect(download).toBeChecked();
    await userEvent.click(download);
    await userEvent.click(within(options).getByRole('combobox', { name: 'Link lifetime' }));
    const choices = screen.getAllByRole('option').map((o) => o.textContent);
    // Up to the product's 7 days, never longer.
    expect(choices).toEqual(['1 day', '3 days', '7 days']);
    await userEvent.click(screen.getByRole('option', { name: '3 days' }));
    const about = screen.getByRole('list', { name: 'About this link' });
    expect(about).toHaveTextContent('This link expires in 3 days');
    expect(about).toHaveTextContent('The PDF report cannot be downloaded from it');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(sdk.createShareLink).toHaveBeenCalledWith(
      expect.objectContaining({ body: expect.objectContaining({ share_settings: { is_public: true, allow_download: false, show_sensitive_data: false, expiration_days: 3 } }) }),
    );
    await screen.findByTestId('share-link');
    expect(screen.queryByTestId('share-options')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'About this link' })).toHaveTextContent('The PDF report cannot be downloaded from it');
  });

  it('states the lifetime the server answered, not only the one it asked for', async () => {
    sdk.createShareLink.mockResolvedValue(answer(3));
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    await screen.findByTestId('share-link');
    expect(screen.getByRole('list', { name: 'About this link' })).toHaveTextContent('This link expires in 3 days');
  });

  it('Failed to generate share link when the server refuses', async () => {
    sdk.createShareLink.mockRejectedValue(new Error('Report not found'));
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('Failed to generate share link')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Link' })).toBeEnabled();
    expect(screen.queryByTestId('share-link')).not.toBeInTheDocument();
  });

  it('copies the link: Link copied to clipboard!, or Failed to copy link', { timeout: 30_000 }, async () => {
    sdk.createShareLink.mockResolvedValue(answer());
    const { copyText } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    await screen.findByTestId('share-link');
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(copyText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();

    copyText.mockRejectedValueOnce(new Error('denied'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    // One toast at a time (docs/product.md, Limits and constants): the new one shows once the previous has left.
    expect(await screen.findByText('Failed to copy link', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('ShareDialog: the live links', () => {
  it('lists each live link (created, expires, downloads, opens); opening the dialog makes no link', async () => {
    sdk.listShareLinks.mockResolvedValue({
      data: [live('l1', TOKEN, { open_count: 3, last_opened_at: '2026-11-22T14:05:00Z' }), live('l2', null, { allow_download: false })],
    });
    renderDialog();
    const rows = await screen.findAllByTestId('live-link');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Live links (2)' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent(/Created 20 Nov, \d\d:\d\d · expires 27 Nov 2026/);
    expect(rows[0]).toHaveTextContent(/PDF download allowed · Opened 3 times, last 22 Nov, \d\d:\d\d/);
    expect(rows[1]).toHaveTextContent('No PDF download · Not opened yet');
    // A link whose token cannot be rebuilt can be revoked, not copied.
    expect(rows[1]).toHaveTextContent('Made before links could be copied again');
    expect(sdk.createShareLink).not.toHaveBeenCalled();
  });

  it('copies any live link', async () => {
    sdk.listShareLinks.mockResolvedValue({ data: [live('l1', TOKEN)] });
    const { copyText } = renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: /^Copy link created 20 Nov/ }));
    expect(copyText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Link copied to clipboard!')).toBeInTheDocument();
  });

  it('revokes a link only after a confirmation, then lists what is left', async () => {
    sdk.listShareLinks.mockResolvedValueOnce({ data: [live('l1', TOKEN)] }).mockResolvedValue({ data: [] });
    sdk.revokeShareLink.mockResolvedValue({ data: undefined });
    renderDialog();
    await userEvent.click(await screen.findByRole('button', { name: /^Revoke link created 20 Nov/ }));
    const confirm = screen.getByRole('dialog', { name: 'Revoke this link?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(sdk.revokeShareLink).not.toHaveBeenCalled();
    // Once the confirmation has closed, the Share dialog is interactive again.
    await userEvent.click(await screen.findByRole('button', { name: /^Revoke link created 20 Nov/ }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke this link?' })).getByRole('button', { name: 'Revoke link' }));
    expect(sdk.revokeShareLink).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: 'r1', linkId: 'l1' } }));
    expect(await screen.findByText('Link revoked')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Live links (0)' })).toBeInTheDocument();
  });
});

describe('ShareDialog for a comparison', () => {
  it('makes a comparison link with the same settings and shows its /client/compare/ page', async () => {
    sdk.createComparisonShareLink.mockResolvedValue(answer());
    renderApp(<ShareDialog comparison={{ a: 'ra', b: 'rb' }} open onClose={() => {}} copyText={vi.fn(async () => {})} />, { route: '/compare', auth: fakeAuth(signedIn()) });
    expect(screen.getByText(/read-only link to this comparison/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByTestId('share-link')).toHaveValue(`${window.location.origin}${import.meta.env.BASE_URL}client/compare/${TOKEN}`);
    expect(sdk.createComparisonShareLink).toHaveBeenCalledWith(
      expect.objectContaining({ body: { a: 'ra', b: 'rb', share_settings: { is_public: true, allow_download: true, show_sensitive_data: false, expiration_days: 7 } } }),
    );
    expect(sdk.createShareLink).not.toHaveBeenCalled();
    expect(screen.getByText('This link expires in 7 days')).toBeInTheDocument();
  });

  it('lists the comparison’s live links with their /client/compare/ address; copy and revoke them (issue 28)', async () => {
    sdk.listComparisonShareLinks.mockResolvedValueOnce({ data: [live('c1', TOKEN, { open_count: 2, last_opened_at: '2026-11-22T14:05:00Z' })] }).mockResolvedValue({ data: [] });
    sdk.revokeComparisonShareLink.mockResolvedValue({ data: undefined });
    const copyText = vi.fn(async () => {});
    renderApp(<ShareDialog comparison={{ a: 'ra', b: 'rb' }} open onClose={() => {}} copyText={copyText} />, { route: '/compare', auth: fakeAuth(signedIn()) });
    const [row] = await screen.findAllByTestId('live-link');
    expect(row).toHaveTextContent(/Opened 2 times/);
    expect(sdk.listComparisonShareLinks).toHaveBeenCalledWith(expect.objectContaining({ query: { a: 'ra', b: 'rb' } }));
    await userEvent.click(screen.getByRole('button', { name: /^Copy link created 20 Nov/ }));
    expect(copyText).toHaveBeenCalledWith(`${window.location.origin}${import.meta.env.BASE_URL}client/compare/${TOKEN}`);
    await userEvent.click(screen.getByRole('button', { name: /^Revoke link created 20 Nov/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    expect(confirm).toHaveTextContent('can no longer open the comparison');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    expect(sdk.revokeComparisonShareLink).toHaveBeenCalledWith(expect.objectContaining({ path: { linkId: 'c1' }, query: { a: 'ra', b: 'rb' } }));
    expect(await screen.findByRole('heading', { name: 'Live links (0)' })).toBeInTheDocument();
    expect(sdk.listShareLinks).not.toHaveBeenCalled();
  });
});
