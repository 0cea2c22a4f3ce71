import { screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import fixture from '../test/report.fixture.json';
import { renderApp } from '../../../test/render';
import { stubResizeObserver } from '../../../test/resizeObserver';

const api = vi.hoisted(() => ({ getSharedReport: vi.fn() }));
vi.mock('../../../shared/api', async (importOriginal) => ({ ...(await importOriginal<object>()), getSharedReport: api.getSharedReport }));

const sdk = vi.hoisted(() => ({ getSharedReportEdit: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

const { SharedReportPage } = await import('./SharedReportPage');

const TOKEN = 'Jw3k9ZlqX0b_4-8sPq2mLr7tYv1cN5eQhA6uDgFzKxI';
const renderAt = (token: string) => renderApp(<SharedReportPage />, { route: `/client/${token}`, path: '/client/:token' });
const shared = (over: Record<string, unknown> = {}) => ({
  report_id: 'r1',
  created_at: '2026-11-20T10:00:00Z',
  expires_at: '2026-11-27T10:00:00Z',
  analyzed_at: '2026-11-19T08:00:00Z',
  filename: 'flat-talking-head.mp4',
  creator: null,
  allow_download: true,
  show_sensitive_data: false,
  report: fixture,
  ...over,
});

beforeAll(stubResizeObserver);
beforeEach(() => {
  api.getSharedReport.mockReset();
  sdk.getSharedReportEdit.mockReset().mockRejectedValue(new Error('Resource not found'));
});
/** Rendering a whole report takes a few seconds on a busy machine. */
const RENDER_TIMEOUT_MS = 30_000;

describe('SharedReportPage', () => {
  it('rejects a malformed token without calling the API: Invalid report token.', () => {
    renderAt('x');
    expect(screen.getByRole('heading', { name: 'Report Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Invalid report token.')).toBeInTheDocument();
    expect(api.getSharedReport).not.toHaveBeenCalled();
  });

  it('shows a loading skeleton, then the whole report read-only, frames included, signed out', async () => {
    api.getSharedReport.mockResolvedValueOnce(shared());
    renderAt(TOKEN);
    expect(screen.getByRole('status', { name: 'Loading report' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'flat-talking-head.mp4' })).toBeInTheDocument();
    expect(api.getSharedReport).toHaveBeenCalledWith(TOKEN);
    expect(screen.getByText('Video Optimization Report')).toBeInTheDocument();
    // Score, predicted retention curve, frames with images (no "Please sign in"), issues with evidence and fixes.
    expect(screen.getByTestId('optimization-score')).toHaveTextContent('29');
    // The sections below the score render right after it (AfterFirstPaint).
    expect(await screen.findByRole('heading', { name: 'Predicted retention' })).toBeInTheDocument();
    // One section per frame: the other issues come last.
    await screen.findByRole('heading', { name: 'More issues' });
    // Fixes first: the urgent fixes sit between the score and the retention curve.
    const order = ['optimization-score', 'urgent-fixes', 'frame-viewer'].map((id) => screen.getByTestId(id));
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1]!.compareDocumentPosition(screen.getByRole('heading', { name: 'Predicted retention' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const viewer = screen.getByTestId('frame-viewer');
    expect(within(viewer).queryByText('Please sign in to view frames')).not.toBeInTheDocument();
    expect(viewer.querySelector('img')).not.toBeNull();
    const issues = screen.getAllByTestId('issue');
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) {
      expect(issue).toHaveTextContent('Evidence');
      expect(issue).toHaveTextContent('Fix');
    }
    // Nothing that needs an account: no sales navigation, no re-analysis, no share, no upload.
    expect(screen.queryByRole('link', { name: /Get My Video Analysis|Optimize Another Video|Back to Dashboard/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Share|Gentle|Balanced|Brutal/ })).not.toBeInTheDocument();
    expect(screen.getByText('Read-only report')).toBeInTheDocument();
    // The link allows downloads: the PDF button is there.
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByTestId('shared-footer')).toHaveTextContent(/this link works until 27 Nov 2026/);
  }, RENDER_TIMEOUT_MS);

  it('names who prepared it only when the creator chose to show it', async () => {
    api.getSharedReport.mockResolvedValueOnce(shared({ creator: { name: 'Ana Agency', email: 'ana@example.com' }, show_sensitive_data: true }));
    renderAt(TOKEN);
    expect(await screen.findByText('Prepared by Ana Agency')).toBeInTheDocument();
  }, RENDER_TIMEOUT_MS);

  it('shows no PDF button when the link does not allow downloads', async () => {
    api.getSharedReport.mockResolvedValueOnce(shared({ allow_download: false }));
    renderAt(TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'flat-talking-head.mp4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();
  }, RENDER_TIMEOUT_MS);

  it('shows Report Not Found with the agency hint when the link fails (expired, revoked, unknown)', async () => {
    api.getSharedReport.mockRejectedValueOnce(new Error('Failed to load report. The link may have expired or be invalid.'));
    renderAt(TOKEN);
    expect(await screen.findByRole('heading', { name: 'Report Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load report. The link may have expired or be invalid.')).toBeInTheDocument();
    expect(screen.getByText('Please contact your agency for a new link.')).toBeInTheDocument();
  });

  it("shows the sound over time under the retention chart: a band and a legend with each class's share", async () => {
    const audio_classes = [
      { start_s: 0, end_s: 1.5, class: 'silence' },
      { start_s: 1.5, end_s: 12, class: 'speech' },
      { start_s: 12, end_s: 15, class: 'music' },
    ];
    api.getSharedReport.mockResolvedValueOnce(shared({ report: { ...fixture, metrics: { ...fixture.metrics, audio_classes } } }));
    renderAt(TOKEN);
    const band = await screen.findByRole('img', { name: 'Sound over time: Speech 70 %, Music 20 %, Silence 10 %' }, { timeout: RENDER_TIMEOUT_MS });
    expect(band.children).toHaveLength(3);
    const legend = within(screen.getByRole('list', { name: 'Sound' }));
    expect(legend.getByText('Speech 70 %')).toBeInTheDocument();
    expect(legend.getByText('Music 20 %')).toBeInTheDocument();
    expect(legend.getByText('Silence 10 %')).toBeInTheDocument();
  }, RENDER_TIMEOUT_MS);

  it('says why there is no sound band for a report made before sound was classified', async () => {
    api.getSharedReport.mockResolvedValueOnce(shared());
    renderAt(TOKEN);
    expect(await screen.findByTestId('sound-band-empty', {}, { timeout: RENDER_TIMEOUT_MS })).toHaveTextContent(/before sound was classified/);
  }, RENDER_TIMEOUT_MS);
  it("shows a client nothing of the server's set-up: no word-check line, no not-run rows, no setting name", async () => {
    const reason = 'Not run: no speech-to-text service is configured (OPENAI_API_KEY).';
    const word_checks = {
      transcription: 'not_configured',
      note: 'Words not checked: no speech-to-text service is configured (OPENAI_API_KEY).',
      checks: [
        { id: 'opening_line', status: 'not_run', evidence: reason },
        { id: 'call_to_action', status: 'not_run', evidence: reason },
      ],
    };
    api.getSharedReport.mockResolvedValueOnce(shared({ report: { ...fixture, word_checks } }));
    renderAt(TOKEN);
    await screen.findByRole('heading', { name: 'More issues' }, { timeout: RENDER_TIMEOUT_MS });
    expect(screen.queryByRole('region', { name: 'Word checks' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('word-checks-off')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/OPENAI|speech-to-text|Not run/);
  }, RENDER_TIMEOUT_MS);

  it("shows the creator's saved edit read-only: the cuts, their reasons and the before → after figures, nothing to switch", async () => {
    api.getSharedReport.mockResolvedValueOnce(shared());
    sdk.getSharedReportEdit.mockResolvedValue({
      data: {
        report_id: 'r1', saved: true, updated_at: '2026-11-20T10:00:00Z', duration_seconds: 40.6, kept_seconds: 18.2,
        cuts: [{ start_seconds: 17.2, end_seconds: 39.6, reason: '0:17–0:39 dead air: 22 s with no speech and a static picture', finding_id: null, enabled: true, kind: 'dead_air' }],
        retention: { before: { duration_seconds: 40.6, average_view_seconds: 14, end_share_pct: 22 }, after: { duration_seconds: 18.2, average_view_seconds: 11, end_share_pct: 47 } },
        after_curve: [], fixed_finding_ids: [], note: null, margin_before_seconds: 0.15, margin_after_seconds: 0.25, min_silence_seconds: 0.6, min_kept_seconds: 0.5,
        frame_rate: { num: 30, den: 1 }, audio_fade_seconds: 0.033,
      },
    });
    renderAt(TOKEN);
    const section = await screen.findByTestId('proposed-edit', {}, { timeout: RENDER_TIMEOUT_MS });
    expect(sdk.getSharedReportEdit).toHaveBeenCalledWith(expect.objectContaining({ path: { token: TOKEN } }));
    expect(within(section).getByText('0:17–0:39 dead air: 22 s with no speech and a static picture')).toBeInTheDocument();
    expect(within(section).getByTestId('edit-before-after')).toHaveTextContent('40.6 s → 18.2 s long; 22 % → 47 % still watching at the end');
    expect(within(section).queryByRole('switch')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
  }, RENDER_TIMEOUT_MS);
});
