import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp, signedIn } from '../../../test/render';
import { stubResizeObserver } from '../../../test/resizeObserver';
import fixture from '../test/report.fixture.json';
import { compareWithReport, type Report } from '@preflight/shared';
import { ApiError } from '../../../shared/api';
import { AnalysisPage } from './AnalysisPage';

const sdk = vi.hoisted(() => ({
  getReportData: vi.fn(),
  listPublicReports: vi.fn(),
  analyzePrevention: vi.fn(),
  getMeasuredRetention: vi.fn(),
  addMeasuredRetention: vi.fn(),
  deleteMeasuredRetention: vi.fn(),
  getYoutubeConnection: vi.fn(),
  startYoutubeConnection: vi.fn(),
  importFromYoutube: vi.fn(),
  getCalibrationProgress: vi.fn(),
}));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

beforeAll(stubResizeObserver);
beforeEach(() => {
  Object.values(sdk).forEach((fn) => fn.mockReset());
  sdk.getMeasuredRetention.mockResolvedValue({ data: { measured: null } });
  sdk.getYoutubeConnection.mockResolvedValue({ data: { available: false, status: 'not_connected', connected_at: null } });
  sdk.getCalibrationProgress.mockResolvedValue({ data: { measured_videos: 0, needed: 3 } });
});

const renderPage = (route = '/analysis?id=r1', auth = fakeAuth(signedIn())) =>
  renderApp(<AnalysisPage />, { route, auth, routes: { '/dashboard': <p>Dashboard page</p>, '/upload': <p>Upload page</p> } });

describe('AnalysisPage', () => {
  it('loads /reports/{id}_data/report.json and shows score, chart, frames, breakdown, summary and issues', async () => {
    sdk.getReportData.mockResolvedValue({ data: fixture });
    renderPage();
    expect(screen.getByText('Loading analysis data...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'flat-talking-head.mp4' })).toBeInTheDocument();
    expect(sdk.getReportData).toHaveBeenCalledWith(expect.objectContaining({ path: { folder: 'r1_data' } }));
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByTestId('optimization-score')).toHaveTextContent('29');
    expect(screen.getByRole('region', { name: 'Optimization score' })).toHaveTextContent('Start Over');
    // The sections below the score render right after it (AfterFirstPaint).
    expect(await screen.findByRole('heading', { name: 'Predicted retention' })).toBeInTheDocument();
    // One section per frame: the other issues come last.
    await screen.findByRole('heading', { name: 'More issues' });
    // Fixes first: the urgent fixes sit between the score and the retention curve.
    const order = ['optimization-score', 'urgent-fixes', 'frame-viewer'].map((id) => screen.getByTestId(id));
    expect(order[0]!.compareDocumentPosition(order[1]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1]!.compareDocumentPosition(screen.getByRole('heading', { name: 'Predicted retention' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(order[1]!.compareDocumentPosition(order[2]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Predicted · not measured')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^0:04 · / })).toBeInTheDocument();
    expect(screen.getByTestId('frame-viewer')).toBeInTheDocument();
    expect(screen.getByText("What's Fire")).toBeInTheDocument();
    expect(screen.getByText("What's Flat")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Optimization Breakdown' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Optimization Summary' })).toBeInTheDocument();
    expect(screen.getByText('Optimization Level: Needs Work')).toBeInTheDocument();
    // Urgent top 3, then the rest by category; every issue with evidence, fix and timestamp.
    expect(within(screen.getByTestId('urgent-fixes')).getAllByTestId('issue')).toHaveLength(3);
    const issues = screen.getAllByTestId('issue');
    expect(issues).toHaveLength(4);
    for (const issue of issues) {
      expect(issue).toHaveTextContent('Evidence');
      expect(issue).toHaveTextContent('Fix');
      expect(within(issue).getByRole('button', { name: /Show frame at \d:\d\d/ })).toBeInTheDocument();
    }
    // The page's own closing cards wait for a paint of their own.
    expect(await screen.findByRole('link', { name: /Optimize Another Video/ })).toHaveAttribute('href', '/upload');
    expect(screen.getByRole('button', { name: /Download Report/ })).toBeEnabled();
    const pdfCard = screen.getByRole('region', { name: 'Optimization report PDF' });
    expect(pdfCard).toHaveTextContent('< 1MB file size');
    expect(pdfCard).toHaveTextContent('200 DPI quality');
  }, 30_000); // the whole report renders: an upper bound for a busy machine

  it('fixes in the order of the viewers each loses, each saying what it buys; the score says what the fixes make it; plain words first (issue 41)', async () => {
    const gains: Record<string, number> = { 'hook-frozen-opening-0': 21.2, 'hook-slow-start-0': 21.2, 'loudness-quiet-0': 2.3, 'dead-segment-40': 0.3 };
    const fixes = [...fixture.prevention_analytics.prevention_fixes].map((f) => ({ ...f, retention_gain_pct: gains[f.id] ?? 0 })).sort((a, b) => b.retention_gain_pct - a.retention_gain_pct);
    sdk.getReportData.mockResolvedValue({
      data: {
        ...fixture,
        prevention_analytics: { ...fixture.prevention_analytics, prevention_fixes: fixes },
        overall_score_and_recommendations: { ...fixture.overall_score_and_recommendations, score_if_fixed: 91, fixable_issue_count: fixes.length },
        report_metadata: { ...fixture.report_metadata, candidate_issue_count: fixes.length },
      },
    });
    renderPage();
    const hero = await screen.findByRole('region', { name: 'Optimization score' });
    expect(screen.getByTestId('score-if-fixed')).toHaveTextContent('29 now → about 91 with the 4 fixes below');
    const urgent = await screen.findByTestId('urgent-fixes');
    const cards = within(urgent).getAllByTestId('issue');
    expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(fixes.slice(0, 3).map((f) => f.title));
    expect(cards.map((c) => within(c).getByTestId('fix-gain').textContent)).toEqual([
      'Fix this: about +21 % still watching at 0:15',
      'Fix this: about +21 % still watching at 0:15',
      'Fix this: about +2 % still watching at 0:15',
    ]);
    // The first screen (score, summary, urgent fixes) names no loudness unit; the figures are one tap away.
    const units = /\b(LUFS|LU|dBTP)\b/;
    expect(hero.textContent).not.toMatch(units);
    const quiet = cards.find((c) => c.getAttribute('aria-label') === fixes.find((f) => f.id === 'loudness-quiet-0')!.title)!;
    const figures = within(quiet).getByTestId('issue-figures');
    expect(figures).toHaveTextContent(/LUFS/);
    figures.remove();
    expect(quiet.textContent).not.toMatch(units);
    expect(quiet).toHaveTextContent('Much quieter than other videos on YouTube Shorts.');
    // The chart names the fix that removes each drop-off.
    expect(await screen.findByRole('button', { name: /^0:00 · .* · fix #1$/ })).toBeInTheDocument();
  });

  it('"Add measured retention": the CSV goes to the API as text, then both curves, confirmed drop-offs and the error in words show', async () => {
    sdk.getReportData.mockResolvedValue({ data: fixture });
    // What the API answers: the fixture's prediction against a measured curve that falls at 0:13 (confirms 0:04-0:14) and
    // holds the hook better than predicted.
    const measured = [0, 3, 6, 9, 12, 13, 15].map((t, i) => ({ t_s: t, retention_pct: [100, 70, 64, 61, 58, 50, 48][i]! }));
    const view = { measured: { source: 'csv', added_at: '2026-11-27T03:00:00.000Z', comparison: compareWithReport(fixture as unknown as Report, measured) } };
    sdk.addMeasuredRetention.mockResolvedValue({ data: view });
    renderPage();
    expect(await screen.findByTestId('calibration-note')).toHaveTextContent('Uncalibrated: this is the general model');
    const file = new File(['Time (s);Retention (%)\r\n0;100\r\n3;70\r\n'], 'retention.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Measured retention CSV file'), file);
    await waitFor(() => expect(sdk.addMeasuredRetention).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: 'r1' }, body: { csv: 'Time (s);Retention (%)\r\n0;100\r\n3;70\r\n' } })));
    expect(await screen.findByRole('heading', { name: 'Predicted and measured retention' })).toBeInTheDocument();
    expect(screen.getByTestId('measured-summary')).toHaveTextContent(/^Our prediction was \d+ points? low on average; the hook held better than predicted/);
    expect(screen.getByRole('button', { name: /^0:04 · .*· confirmed by the measured curve$/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove measured retention' })).toBeInTheDocument();
  }, 30_000);

  it('"Import from YouTube" on a server without YouTube says so in a creator’s words', async () => {
    sdk.getReportData.mockResolvedValue({ data: fixture });
    renderPage();
    expect(await screen.findByTestId('calibration-progress')).toHaveTextContent('0 of 3 posted videos measured — three more to calibrate your predictions.');
    await userEvent.click(await screen.findByRole('button', { name: 'Import from YouTube' }));
    const note = await screen.findByText(/^Importing from YouTube is not set up on this server\./);
    expect(note).toHaveTextContent('You can still add the measured retention as a CSV file exported from YouTube Studio.');
    expect(note.textContent).not.toMatch(/[A-Z]+_[A-Z_]+|environment|variable/);
    expect(sdk.startYoutubeConnection).not.toHaveBeenCalled();
  }, 30_000);

  it('connected: the pasted link is imported and both curves show; the count toward calibration follows', async () => {
    sdk.getReportData.mockResolvedValue({ data: fixture });
    sdk.getYoutubeConnection.mockResolvedValue({ data: { available: true, status: 'connected', connected_at: '2026-11-27T03:00:00.000Z' } });
    sdk.getCalibrationProgress.mockResolvedValueOnce({ data: { measured_videos: 1, needed: 3 } }).mockResolvedValue({ data: { measured_videos: 2, needed: 3 } });
    const measured = [0, 3, 6, 9, 12, 13, 15].map((t, i) => ({ t_s: t, retention_pct: [100, 70, 64, 61, 58, 50, 48][i]! }));
    sdk.importFromYoutube.mockResolvedValue({ data: { measured: { source: 'youtube', added_at: '2026-11-28T03:00:00.000Z', comparison: compareWithReport(fixture as unknown as Report, measured) } } });
    renderPage();
    expect(await screen.findByTestId('calibration-progress')).toHaveTextContent('1 of 3 posted videos measured — two more to calibrate your predictions.');
    await userEvent.click(await screen.findByRole('button', { name: 'Import from YouTube' }));
    const form = await screen.findByRole('form', { name: 'Import from YouTube' });
    await userEvent.type(within(form).getByLabelText('Link of the posted video'), 'not a link');
    await userEvent.click(within(form).getByRole('button', { name: 'Import' }));
    expect(await within(form).findByText(/^Paste a YouTube link/)).toBeInTheDocument();
    expect(sdk.importFromYoutube).not.toHaveBeenCalled();
    await userEvent.clear(within(form).getByLabelText('Link of the posted video'));
    await userEvent.type(within(form).getByLabelText('Link of the posted video'), 'https://youtu.be/Pf1ightV1d0');
    await userEvent.click(within(form).getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(sdk.importFromYoutube).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: 'r1' }, body: { video: 'https://youtu.be/Pf1ightV1d0' } })));
    expect(await screen.findByRole('heading', { name: 'Predicted and measured retention' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('calibration-progress')).toHaveTextContent('2 of 3 posted videos measured — one more to calibrate your predictions.'));
  }, 30_000);

  it('a file the API cannot read shows its reason', async () => {
    sdk.getReportData.mockResolvedValue({ data: fixture });
    sdk.addMeasuredRetention.mockRejectedValue(new ApiError('Line 3: "abc" is not a percentage.', 400));
    renderPage();
    await userEvent.upload(await screen.findByLabelText('Measured retention CSV file'), new File(['t,r\n0,100\n1,abc\n'], 'bad.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Line 3: "abc" is not a percentage.');
    expect(screen.getByRole('heading', { name: 'Predicted retention' })).toBeInTheDocument();
  }, 30_000);

  it('clicking a drop-off jumps the frame viewer to that moment', async () => {
    sdk.getReportData.mockResolvedValue({ data: fixture });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /^0:04 · / }));
    // The viewer is the section after the chart: it may still be on its way (AfterFirstPaint).
    await waitFor(() => expect(screen.getByTestId('frame-timestamp')).toHaveTextContent('0:04'));
  });

  it('"No Critical Issues Found!" with a low viral risk when there are no issues', async () => {
    const clean = {
      ...fixture,
      detailed_analysis: [],
      viral_hook: { ...fixture.viral_hook, action_items: [] },
      prevention_analytics: { ...fixture.prevention_analytics, viral_risk_score: 12, prevention_fixes: [] },
    };
    sdk.getReportData.mockResolvedValue({ data: clean });
    renderPage();
    expect(await screen.findByText('No Critical Issues Found!')).toBeInTheDocument();
    expect(screen.getByText(/Low viral risk \(12\/100\)/)).toBeInTheDocument();
  });

  it('"No Analysis Data" when the report has no frames', async () => {
    sdk.getReportData.mockResolvedValue({ data: { ...fixture, predictive_frames: [], frames: [] } });
    renderPage();
    expect(await screen.findByText('No Analysis Data')).toBeInTheDocument();
  });

  it('"Analysis Not Found" with Back to Dashboard when it cannot load', async () => {
    sdk.getReportData.mockRejectedValue(new Error('Resource not found'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Analysis Not Found' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Back to Dashboard/ }).length).toBeGreaterThan(0);
  });

  it('without id: loads the first public sample report', async () => {
    sdk.listPublicReports.mockResolvedValue({ data: [{ id: 'sample-1' }, { id: 'sample-2' }] });
    sdk.getReportData.mockResolvedValue({ data: fixture });
    renderPage('/analysis');
    expect(await screen.findByText('Sample report')).toBeInTheDocument();
    expect(sdk.getReportData).toHaveBeenCalledWith(expect.objectContaining({ path: { folder: 'sample-1_data' } }));
    expect(screen.queryByRole('group', { name: 'Feedback style' })).not.toBeInTheDocument();
  });

  it('without id and without samples: Analysis Not Found', async () => {
    sdk.listPublicReports.mockResolvedValue({ data: [] });
    renderPage('/analysis');
    expect(await screen.findByRole('heading', { name: 'Analysis Not Found' })).toBeInTheDocument();
  });

  it('signed out (e.g. reused outside the guard): "Please sign in to view frames"', async () => {
    sdk.getReportData.mockResolvedValue({ data: fixture });
    renderPage('/analysis?id=r1', fakeAuth({ status: 'signedOut' }));
    expect(await screen.findByText('Please sign in to view frames')).toBeInTheDocument();
  });

  it('the feedback-style switch re-derives the report and reloads it', async () => {
    sdk.getReportData.mockResolvedValueOnce({ data: fixture });
    const gentle = { ...fixture, report_metadata: { ...fixture.report_metadata, feedback_style: 'gentle' } };
    sdk.getReportData.mockResolvedValue({ data: gentle });
    sdk.analyzePrevention.mockResolvedValue({ data: {} });
    renderPage();
    const group = await screen.findByRole('group', { name: 'Feedback style' });
    expect(within(group).getByRole('button', { name: /^Brutal/ })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(group).getByRole('button', { name: /^Gentle/ }));
    expect(sdk.analyzePrevention).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: 'r1' }, body: { feedbackStyle: 'gentle' } }));
    expect(await screen.findByText('Re-analysed with gentle feedback')).toBeInTheDocument();
    await waitFor(() => expect(within(group).getByRole('button', { name: /^Gentle/ })).toHaveAttribute('aria-pressed', 'true'));
    expect(sdk.getReportData).toHaveBeenCalledTimes(2);
  });

  it("shows the applied preset's checks with evidence and re-derives for another platform", async () => {
    const check = (id: string, status: string, measured: string, target: string, evidence: string) => ({ id, status, measured, target, evidence });
    const preset = (platform: string, requested: string, auto_reason: string | null, lengthStatus: string) => ({
      platform,
      requested,
      auto_reason,
      checks: [
        check('length', lengthStatus, '0:15', platform === 'youtube' ? 'any length' : 'up to 3:00', 'length evidence'),
        check('aspect', 'pass', '320 × 568 (9:16)', 'vertical or square', 'aspect evidence'),
        check('loudness', 'fail', '-31.0 LUFS', '-14 LUFS', 'integrated loudness -31.0 LUFS, 17.0 LU under the -14 LUFS YouTube Shorts plays at'),
        check('hook', 'warn', 'no speech, no cut', 'a hook in the first 3 s', 'hook evidence'),
      ],
    });
    const auto = { ...fixture, platform_preset: preset('shorts', 'auto', 'vertical 9:16, 0:15 → YouTube Shorts (vertical or square and up to 3:00)', 'pass') };
    sdk.getReportData.mockResolvedValueOnce({ data: auto });
    sdk.getReportData.mockResolvedValue({ data: { ...fixture, platform_preset: preset('youtube', 'youtube', null, 'pass') } });
    sdk.analyzePrevention.mockResolvedValue({ data: {} });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Platform checks' });
    expect(section).toHaveTextContent('Checked against YouTube Shorts (picked automatically) · 2 of 4 checks pass');
    expect(within(section).getByTestId('platform-auto-reason')).toHaveTextContent('Auto: vertical 9:16, 0:15 → YouTube Shorts (vertical or square and up to 3:00)');
    const rows = within(section).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['pass', 'pass', 'fail', 'warn']);
    expect(rows[2]).toHaveTextContent('FailLoudness: -31.0 LUFS (target: -14 LUFS)integrated loudness -31.0 LUFS, 17.0 LU under the -14 LUFS YouTube Shorts plays at');
    expect(rows[3]).toHaveTextContent('Check');

    const picker = within(section).getByRole('combobox', { name: 'Re-check for' });
    expect(picker).toHaveValue('auto');
    await userEvent.selectOptions(picker, 'YouTube');
    expect(sdk.analyzePrevention).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: 'r1' }, body: { platform: 'youtube' } }));
    expect(await screen.findByText('Re-checked for YouTube')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('region', { name: 'Platform checks' })).toHaveTextContent('Checked against YouTube (your choice)'));
    expect(screen.getByRole('combobox', { name: 'Re-check for' })).toHaveValue('youtube');
  });

  it('a report made before platform checks says so and offers the re-check', async () => {
    sdk.getReportData.mockResolvedValue({ data: fixture });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Platform checks' });
    expect(section).toHaveTextContent('This report was made before platform checks existed.');
    expect(within(section).getByRole('combobox', { name: 'Re-check for' })).toBeInTheDocument();
  });

  it('the share control opens the share dialog for this report', async () => {
    sdk.getReportData.mockResolvedValue({ data: fixture });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('dialog', { name: 'Share Analysis Report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Link' })).toBeInTheDocument();
  }, 30_000);
});
