import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { fakeAuth, fakeUser, renderApp, signedIn } from '../../../test/render';
import { PdfDownloadButton } from './PdfDownloadButton';

const sdk = vi.hoisted(() => ({ generatePdf: vi.fn(), downloadPdf: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

const pdfResponse = (disposition: string | null) => ({
  data: new Blob(['%PDF-1.4'], { type: 'application/pdf' }),
  response: new Response(null, { headers: disposition ? { 'content-disposition': disposition } : {} }),
});

let clicked: { href: string; download: string }[] = [];
beforeEach(() => {
  Object.values(sdk).forEach((fn) => fn.mockReset());
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => vi.restoreAllMocks());

/** A toast waits for the one before it to leave (one at a time): allow for that on a busy machine. */
const findToast = (text: string) => screen.findByText(text, {}, { timeout: 10_000 });

const renderButton = (props: { shareToken?: string } = {}, user = fakeUser()) =>
  renderApp(<PdfDownloadButton reportId="r1" filename="morning vlog.mp4" label="Download Report" {...props} />, { auth: fakeAuth(signedIn(user)) });

describe('PdfDownloadButton', () => {
  it('generates, downloads with the owner token and saves optimization-report-{name}.pdf, with the product toasts', async () => {
    sdk.generatePdf.mockResolvedValue({ data: { id: 'abc123' } });
    sdk.downloadPdf.mockResolvedValue(pdfResponse('attachment; filename="optimization-report-morning vlog.pdf"'));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Download Report' }));

    expect(await findToast('PDF Downloaded')).toBeInTheDocument();
    expect(screen.getByText('Optimization report PDF downloaded successfully!')).toBeInTheDocument();
    expect(sdk.generatePdf).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: 'r1' }, headers: { authorization: 'Bearer token' } }));
    expect(sdk.downloadPdf).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: 'r1' }, parseAs: 'blob' }));
    expect(clicked).toEqual([{ href: 'blob:pdf', download: 'optimization-report-morning vlog.pdf' }]);
  });

  it('shows "Generating PDF" while it works', async () => {
    sdk.generatePdf.mockReturnValue(new Promise(() => {}));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    expect(await findToast('Generating PDF')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeDisabled();
  });

  it('on the shared page sends the share token instead of a bearer token', async () => {
    sdk.generatePdf.mockResolvedValue({ data: { id: 'abc123' } });
    sdk.downloadPdf.mockResolvedValue(pdfResponse(null));
    renderButton({ shareToken: 'share-xyz' });
    await userEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    await findToast('PDF Downloaded');
    expect(sdk.generatePdf).toHaveBeenCalledWith(expect.objectContaining({ headers: { 'x-share-token': 'share-xyz' } }));
    expect(clicked[0]?.download).toBe('optimization-report-morning vlog.pdf'); // the name rule without a header
  });

  it('loads the sign-in SDK for the owner, never for a client holding a share link', async () => {
    const load = vi.fn();
    renderApp(<PdfDownloadButton reportId="r1" filename="a.mp4" label="Download Report" shareToken="share-xyz" />, { auth: fakeAuth({ status: 'signedOut' }, { load }) });
    expect(screen.getByRole('button', { name: 'Download Report' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    renderApp(<PdfDownloadButton reportId="r1" filename="a.mp4" label="Owner's copy" />, { auth: fakeAuth(signedIn(fakeUser()), { load }) });
    await waitFor(() => expect(load).toHaveBeenCalled());
  });

  it('"PDF generation failed - no PDF ID returned" when the answer has no id', async () => {
    sdk.generatePdf.mockResolvedValue({ data: {} });
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    expect(await findToast('PDF generation failed - no PDF ID returned')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(sdk.downloadPdf).not.toHaveBeenCalled();
  });

  it('"Error" with the server\'s message', async () => {
    sdk.generatePdf.mockRejectedValue(new ApiError('The analysis is still running.', 409));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    expect(await findToast('The analysis is still running.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download Report' })).toBeEnabled());
  });

  it('"Failed to generate PDF report" when the failure has no message', async () => {
    sdk.generatePdf.mockResolvedValue({ data: { id: 'abc123' } });
    sdk.downloadPdf.mockRejectedValue(new Error(''));
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Download Report' }));
    expect(await findToast('Failed to generate PDF report')).toBeInTheDocument();
  });
});
