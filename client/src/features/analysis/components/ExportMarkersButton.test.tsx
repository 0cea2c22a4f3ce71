import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api';
import { fakeAuth, fakeUser, renderApp, signedIn } from '../../../test/render';
import { ExportMarkersButton } from './ExportMarkersButton';
import { YoutubeChaptersDialog } from './YoutubeChaptersDialog';

const sdk = vi.hoisted(() => ({ getReportMarkers: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

const fileResponse = (body: string, disposition: string | null) => ({
  data: new Blob([body]),
  response: new Response(null, { headers: disposition ? { 'content-disposition': disposition } : {} }),
});

let clicked: { download: string }[] = [];
beforeEach(() => {
  sdk.getReportMarkers.mockReset();
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:markers');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ download: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

const findToast = (text: string) => screen.findByText(text, {}, { timeout: 10_000 });
const renderButton = () => renderApp(<ExportMarkersButton reportId="r1" filename="morning vlog.mp4" />, { auth: fakeAuth(signedIn(fakeUser())) });

describe('ExportMarkersButton', () => {
  it('offers the three editors and YouTube chapters', async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Export markers' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Final Cut ProFCPXML 1.11 · File › Import › XML',
      'DaVinci ResolveEDL · Timeline › Import › Timeline Markers from EDL',
      'Premiere ProXML · File › Import',
      'YouTube chaptersCopy for the video description',
    ]);
  });

  it('says before the click why a video under 30 s has no chapters: the item is disabled with the reason, nothing is asked', async () => {
    renderApp(<ExportMarkersButton reportId="r1" filename="morning vlog.mp4" durationSeconds={28.3} />, { auth: fakeAuth(signedIn(fakeUser())) });
    await userEvent.click(screen.getByRole('button', { name: 'Export markers' }));
    const item = await screen.findByRole('menuitem', { name: /^YouTube chapters/ });
    expect(item).toHaveAttribute('aria-disabled', 'true');
    expect(item).toHaveTextContent('YouTube chapters need at least 3 chapters of 10 seconds or more, so a 0:28 video cannot have them (it needs 0:30).');
    expect(sdk.getReportMarkers).not.toHaveBeenCalled();
  });

  it('offers chapters for a video of 30 s or more', async () => {
    renderApp(<ExportMarkersButton reportId="r1" filename="morning vlog.mp4" durationSeconds={60} />, { auth: fakeAuth(signedIn(fakeUser())) });
    await userEvent.click(screen.getByRole('button', { name: 'Export markers' }));
    const item = await screen.findByRole('menuitem', { name: /^YouTube chapters/ });
    expect(item).not.toHaveAttribute('aria-disabled');
    expect(item).toHaveTextContent('Copy for the video description');
  });

  it.each([
    ['Final Cut Pro', 'fcpxml', 'morning vlog.fcpxml'],
    ['DaVinci Resolve', 'edl', 'morning vlog-markers.edl'],
    ['Premiere Pro', 'premiere', 'morning vlog-premiere.xml'],
  ])('downloads the %s file under the name the API gives, with a toast', async (label, format, filename) => {
    sdk.getReportMarkers.mockResolvedValue(fileResponse('<x/>', `attachment; filename="${filename}"`));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Export markers' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: new RegExp(`^${label}`) }));
    expect(await findToast('Markers downloaded')).toBeInTheDocument();
    expect(screen.getByText(`${filename} for ${label}`)).toBeInTheDocument();
    expect(sdk.getReportMarkers).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: 'r1' }, query: { format }, parseAs: 'blob' }));
    expect(clicked).toEqual([{ download: filename }]);
  });

  it('names the file itself when the answer has no name, and says why a download failed', async () => {
    sdk.getReportMarkers.mockResolvedValueOnce(fileResponse('TITLE: x', null)).mockRejectedValueOnce(new ApiError('The analysis is still running.', 409));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Export markers' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^DaVinci Resolve/ }));
    await findToast('Markers downloaded');
    expect(clicked).toEqual([{ download: 'morning vlog-markers.edl' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Export markers' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /^Final Cut Pro/ }));
    expect(await findToast('Failed to export markers')).toBeInTheDocument();
    expect(screen.getByText('The analysis is still running.')).toBeInTheDocument();
  });
});

describe('YoutubeChaptersDialog', () => {
  const chapters = '0:00 Opening\n0:12 High: Dead air\n0:34 Medium: Long ending after the last words\n';

  it('shows the chapters as text to copy, and copies them', async () => {
    sdk.getReportMarkers.mockResolvedValue({ data: chapters, response: new Response(null) });
    const copyText = vi.fn(async () => {});
    renderApp(<YoutubeChaptersDialog reportId="r1" videoFilename="morning vlog.mp4" onClose={() => {}} copyText={copyText} />, { auth: fakeAuth(signedIn(fakeUser())) });
    expect(await screen.findByTestId('chapters-text')).toHaveValue(chapters);
    expect(sdk.getReportMarkers).toHaveBeenCalledWith(expect.objectContaining({ query: { format: 'youtube' }, parseAs: 'text' }));
    await userEvent.click(screen.getByRole('button', { name: 'Copy chapters' }));
    expect(copyText).toHaveBeenCalledWith(chapters);
    expect(await findToast('Chapters copied to clipboard!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download .txt' }));
    expect(clicked).toEqual([{ download: 'morning vlog-youtube-chapters.txt' }]);
  });

  it('says why there are no chapters instead of showing invalid ones', async () => {
    const reason = 'YouTube chapters need at least 3 chapters of 10 seconds or more, so a 0:28 video cannot have them (it needs 0:30).';
    sdk.getReportMarkers.mockRejectedValue(new ApiError(reason, 422));
    renderApp(<YoutubeChaptersDialog reportId="r1" videoFilename="a.mp4" onClose={() => {}} />, { auth: fakeAuth(signedIn(fakeUser())) });
    expect(await screen.findByTestId('chapters-unavailable')).toHaveTextContent(reason);
    expect(screen.queryByRole('button', { name: 'Copy chapters' })).not.toBeInTheDocument();
  });
});
