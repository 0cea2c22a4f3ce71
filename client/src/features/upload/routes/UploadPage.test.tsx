import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp, signedIn } from '../../../test/render';
import { UploadFailedError, type TusUploadOptions } from '../api/tusUpload';
import { describeUploadFailure, NOT_UPLOADED_PLAN_TEXT } from '../lib/uploadErrors';
import { onPaymentRequired, paymentRequiredTitle, type PaymentRequiredNotice } from '../../../shared/api/paymentRequired';
import { billingMessage, invalidTypeMessage } from '@preflight/shared';
import { afterUploadPath, LAST_REPORT_KEY, UploadPage } from './UploadPage';

const sdk = vi.hoisted(() => ({ getStatus: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), getStatus: sdk.getStatus }));

const video = (name = 'clip.mp4') => new File([new Uint8Array(8)], name, { type: 'video/mp4' });
const sized = (file: File, size: number) => Object.defineProperty(file, 'size', { value: size });

function fakeStarter() {
  const calls: { file: File; options: TusUploadOptions; resolve: (id: string) => void; reject: (e: Error) => void; cancel: ReturnType<typeof vi.fn> }[] = [];
  const start = vi.fn((file: File, options: TusUploadOptions) => {
    let resolve!: (id: string) => void;
    let reject!: (e: Error) => void;
    const done = new Promise<string>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const cancel = vi.fn(() => reject(new UploadFailedError(describeUploadFailure({ kind: 'cancelled' }))));
    calls.push({ file, options, resolve, reject, cancel });
    return { done, cancel };
  });
  return { start, calls };
}

const renderUpload = (start = fakeStarter().start) =>
  renderApp(<UploadPage start={start} />, { route: '/upload', auth: fakeAuth(signedIn()), routes: { '/dashboard': <p>Dashboard page</p> } });

const pick = async (files: File[]) => {
  await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('file-input'), files);
};

beforeEach(() => {
  sessionStorage.clear();
  sdk.getStatus.mockReset();
});

describe('UploadPage', () => {
  it('shows the steps, the one-hour note, balanced feedback by default and the testimonials', () => {
    renderUpload();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');
    for (const step of ['Get Analysis', 'Fix Issues', 'Optimize Content']) expect(screen.getByText(step)).toBeInTheDocument();
    expect(screen.getByText('Videos longer than 1 hour cannot be processed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Balanced/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /Upload All/ })).toBeDisabled();
    expect(screen.getAllByRole('figure')).toHaveLength(3);
    expect(screen.queryByTestId('processing-panel')).not.toBeInTheDocument();
  });

  it('offers the target platforms by name, Auto by default, and sends the chosen one with the upload', async () => {
    const { start, calls } = fakeStarter();
    renderUpload(start);
    const picker = screen.getByRole('combobox', { name: 'Target platform' });
    expect(picker).toHaveValue('auto');
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['TikTok', 'YouTube Shorts', 'Instagram Reels', 'YouTube', 'Auto']);
    expect(screen.getByText('Picked from shape and length')).toBeInTheDocument();
    await userEvent.selectOptions(picker, 'Instagram Reels');
    expect(picker).toHaveValue('reels');
    await pick([video('a.mp4')]);
    await userEvent.click(screen.getByRole('button', { name: /Upload All/ }));
    expect(calls[0]!.options.platform).toBe('reels');
    expect(screen.getByRole('combobox', { name: 'Target platform' })).toBeDisabled();
  });

  it('refuses invalid and oversized files with filename plus reason', async () => {
    renderUpload();
    const big = sized(video('huge.mp4'), 2000 * 1024 * 1024);
    await pick([new File(['x'], 'notes.txt', { type: 'text/plain' }), big, video('ok.mp4')]);
    const alert = screen.getAllByRole('alert')[0]!;
    expect(alert).toHaveTextContent(`notes.txt: ${invalidTypeMessage('text/plain')}`);
    expect(alert).toHaveTextContent('huge.mp4: File size (2000.0MB) must be less than 1995MB.');
    expect(screen.getAllByTestId('queue-item')).toHaveLength(1);
  });

  it('keeps at most 5 files and toasts "Maximum 5 files allowed" with the file left out', async () => {
    renderUpload();
    await pick([1, 2, 3, 4, 5, 6].map((i) => video(`${i}.mp4`)));
    expect(screen.getAllByTestId('queue-item')).toHaveLength(5);
    expect(await screen.findByText('Maximum 5 files allowed: 6.mp4 was not added.')).toBeInTheDocument();
  });

  it('uploads with honest progress, cannot remove while uploading, then toasts and opens the dashboard', async () => {
    const { start, calls } = fakeStarter();
    renderUpload(start);
    await pick([video('a.mp4')]);
    await userEvent.click(screen.getByRole('button', { name: /^Brutal/ }));
    await userEvent.click(screen.getByRole('button', { name: /Upload All/ }));
    expect(calls[0]!.options.feedbackStyle).toBe('brutal');
    const item = screen.getByTestId('queue-item');
    expect(item).toHaveAttribute('data-status', 'uploading');
    expect(within(item).queryByRole('button', { name: 'Remove a.mp4' })).not.toBeInTheDocument();
    calls[0]!.options.onProgress(512, 1024);
    expect(await within(item).findByText(/50%/)).toBeInTheDocument();
    expect(within(item).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    sdk.getStatus.mockResolvedValue({ data: { reportId: 'r1', filename: 'a.mp4', status: 'processing', progress: 20, currentStep: 'preprocessing', message: null, eta: 40, error: null } });
    calls[0]!.resolve('r1');
    expect(await screen.findByText('Upload complete - Analysis started automatically')).toBeInTheDocument();
    expect(sessionStorage.getItem(LAST_REPORT_KEY)).toBe('r1');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'), { timeout: 3000 });
  });

  it('a removable item goes away; a failed upload shows the reason and toasts it', async () => {
    const { start, calls } = fakeStarter();
    renderUpload(start);
    await pick([video('a.mp4'), video('b.mp4')]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove b.mp4' }));
    expect(screen.getAllByTestId('queue-item')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: /Upload All/ }));
    calls[0]!.reject(new UploadFailedError(describeUploadFailure({ kind: 'tus' })));
    expect(await screen.findByText('Failed to upload a.mp4: Upload failed (network)')).toBeInTheDocument();
    expect(screen.getByTestId('queue-item')).toHaveAttribute('data-status', 'error');
    expect(screen.getByTestId('queue-item')).toHaveTextContent('a.mp4: Upload failed (network)');
    expect(screen.getByTestId('location')).toHaveTextContent('/upload');
  });

  it('a 402 after a paid plan ended: its one message in the plan dialog, once; no toast, and the file says only it was not uploaded', async () => {
    const notices: PaymentRequiredNotice[] = [];
    const stop = onPaymentRequired((notice) => notices.push(notice));
    try {
      const { start, calls } = fakeStarter();
      renderUpload(start);
      await pick([video('a.mp4'), video('b.mp4')]);
      await userEvent.click(screen.getByRole('button', { name: /Upload All/ }));
      const body = JSON.stringify({ message: billingMessage('plan_ended').text, reason: 'plan_ended' });
      for (const call of calls) call.reject(new UploadFailedError(describeUploadFailure({ kind: 'tus', status: 402, body })));
      await waitFor(() => expect(screen.getAllByTestId('queue-item').every((item) => item.getAttribute('data-status') === 'error')).toBe(true));
      expect(notices).toEqual([{ message: 'Your Creator Pro plan has ended. Subscribe again to continue uploading.', reason: 'plan_ended' }]);
      expect(paymentRequiredTitle(notices[0]!)).toBe('Your plan has ended');
      for (const item of screen.getAllByTestId('queue-item')) expect(item).toHaveTextContent(NOT_UPLOADED_PLAN_TEXT);
      expect(screen.queryByText(/Failed to upload/)).not.toBeInTheDocument();
      expect(screen.queryByText(/Free analysis used|trial has expired/)).not.toBeInTheDocument();
    } finally {
      stop();
    }
  });

  it('cancel while uploading ends with "Upload was cancelled"', async () => {
    const { start, calls } = fakeStarter();
    renderUpload(start);
    await pick([video('a.mp4')]);
    await userEvent.click(screen.getByRole('button', { name: /Upload All/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel upload of a.mp4' }));
    expect(calls[0]!.cancel).toHaveBeenCalled();
    expect(await screen.findByText('Failed to upload a.mp4: Upload was cancelled')).toBeInTheDocument();
  });
});

describe('UploadPage processing panel', () => {
  it('shows the stage text of the current step', async () => {
    sessionStorage.setItem(LAST_REPORT_KEY, 'r1');
    sdk.getStatus.mockResolvedValue({ data: { reportId: 'r1', filename: 'talk.mp4', status: 'processing', progress: 55, currentStep: 'analyzing', message: null, eta: 90, error: null } });
    renderUpload();
    const panel = await screen.findByTestId('processing-panel');
    expect(within(panel).getByRole('status')).toHaveTextContent('AI Analysis: Running viral risk detection and drop-off prediction');
    expect(panel).toHaveTextContent('55%');
    expect(panel).toHaveTextContent('talk.mp4');
    expect(sdk.getStatus).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: 'r1' } }));
  });

  it('falls back to "Analysis in progress" at 50% when the poll fails', async () => {
    sessionStorage.setItem(LAST_REPORT_KEY, 'r1');
    sdk.getStatus.mockRejectedValue(new Error('down'));
    renderUpload();
    const panel = await screen.findByTestId('processing-panel');
    expect(within(panel).getByRole('status')).toHaveTextContent('Analysis in progress');
    expect(panel).toHaveTextContent('50%');
  });

  it("shows the server's error text when the analysis failed", async () => {
    sessionStorage.setItem(LAST_REPORT_KEY, 'r1');
    sdk.getStatus.mockResolvedValue({ data: { reportId: 'r1', filename: 'x.mp4', status: 'error', progress: 30, currentStep: 'error', message: null, eta: null, error: 'This file has no video stream.' } });
    renderUpload();
    expect(await screen.findByText('This file has no video stream.')).toBeInTheDocument();
  });

  it('shows Analysis Complete with View Analysis to /dashboard', async () => {
    sessionStorage.setItem(LAST_REPORT_KEY, 'r1');
    sdk.getStatus.mockResolvedValue({ data: { reportId: 'r1', filename: 'x.mp4', status: 'completed', progress: 100, currentStep: 'completed', message: null, eta: null, error: null } });
    renderUpload();
    const panel = await screen.findByTestId('analysis-complete');
    expect(panel).toHaveTextContent('Analysis complete! Your prevention report is ready.');
    expect(within(panel).getByRole('link', { name: /View Analysis/ })).toHaveAttribute('href', '/dashboard');
  });
});

describe('after an upload', () => {
  it('opens the dashboard, or the comparison with the cut the new one was uploaded against', () => {
    expect(afterUploadPath(null, ['r2'])).toBe('/dashboard');
    expect(afterUploadPath('r1', ['r2'])).toBe('/compare?a=r1&b=r2');
    expect(afterUploadPath('r1', [])).toBe('/dashboard');
  });
});
