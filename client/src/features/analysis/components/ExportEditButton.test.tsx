import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api';
import { fakeAuth, fakeUser, renderApp, signedIn } from '../../../test/render';
import { ExportEditButton } from './ExportEditButton';

const sdk = vi.hoisted(() => ({ exportReportEdit: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

let clicked: string[] = [];
beforeEach(() => {
  sdk.exportReportEdit.mockReset();
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:edit');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

const renderButton = () => renderApp(<ExportEditButton reportId="r1" />, { auth: fakeAuth(signedIn(fakeUser())) });

describe('ExportEditButton', () => {
  it('offers the formats under the names a creator knows', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Export edit' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((i) => i.firstElementChild?.firstElementChild?.textContent);
    expect(items).toEqual([
      'Shotcut / Kdenlive (MLT)',
      'Final Cut Pro / DaVinci Resolve (FCPXML)',
      'Premiere Pro (XML)',
      'EDL',
      'Render script (macOS/Linux)',
      'Render script (Windows)',
    ]);
  });

  it('downloads the chosen format under the name the API gives', async () => {
    sdk.exportReportEdit.mockResolvedValue({ data: new Blob(['<mlt/>']), response: new Response(null, { headers: { 'content-disposition': 'attachment; filename="vlog-edit.mlt"' } }) });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Export edit' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^Shotcut/ }));
    expect(await screen.findByText('Edit downloaded', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(sdk.exportReportEdit).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: 'r1' }, query: { format: 'mlt' }, parseAs: 'blob' }));
    expect(clicked).toEqual(['vlog-edit.mlt']);
  });

  it('says why an export failed', async () => {
    sdk.exportReportEdit.mockRejectedValue(new ApiError('This edit keeps nothing of the video, so there is no timeline to export.', 422));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Export edit' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^EDL/ }));
    expect(await screen.findByText('Failed to export the edit', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('This edit keeps nothing of the video, so there is no timeline to export.')).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });
});
