import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth, renderApp, signedIn } from '../../../test/render';
import { DashboardPage } from './DashboardPage';

const sdk = vi.hoisted(() => ({ listDashboardReports: vi.fn(), getPreventionMetrics: vi.fn(), getPreventionInsights: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

const report = (over: Record<string, unknown> = {}) => ({
  id: 'r1',
  originalFilename: 'morning-vlog.mp4',
  status: 'completed',
  created_at: '2026-11-20T10:15:00Z',
  progress: 100,
  currentStep: 'completed',
  error: null,
  feedbackStyle: 'balanced',
  durationSeconds: 20,
  viralRiskScore: 20,
  dropOffLikelihood: 30,
  watchTimeLoss: 12,
  preventionROI: 1.5,
  watchGainSeconds: 1.5,
  issuesCount: 4,
  ...over,
});
const page = (reports: unknown[]) => ({ data: { reports, total: reports.length, page: 1, pageSize: 50 } });

const renderDashboard = () =>
  renderApp(<DashboardPage />, { route: '/dashboard', auth: fakeAuth(signedIn()), routes: { '/analysis': <p>Analysis page</p>, '/upload': <p>Upload page</p> } });

beforeEach(() => {
  Object.values(sdk).forEach((fn) => fn.mockReset());
});

describe('DashboardPage', () => {
  it('shows "Loading your analyses..." while loading', () => {
    sdk.listDashboardReports.mockReturnValue(new Promise(() => {}));
    renderDashboard();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your analyses...');
    expect(screen.getByText('Welcome back, Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('The only way to test videos before posting')).toBeInTheDocument();
  });

  it('empty state: Ready to Optimize Your Content? with Get My First Analysis Free → /upload; N/A level; privacy promise', async () => {
    sdk.listDashboardReports.mockResolvedValue(page([]));
    renderDashboard();
    expect(await screen.findByText('Ready to Optimize Your Content?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get My First Analysis Free' })).toHaveAttribute('href', '/upload');
    expect(screen.getByRole('region', { name: 'Optimization Level' })).toHaveTextContent('N/A');
    expect(screen.getByRole('region', { name: 'Videos Optimized' })).toHaveTextContent('0');
    expect(screen.queryByTestId('extra-stats')).not.toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Privacy Promise' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Test My Content/ })).toHaveAttribute('href', '/upload');
  });

  it('a processing card says what the analysis is doing and the time left (issue 28, item 6)', async () => {
    sdk.listDashboardReports.mockResolvedValue(
      page([report({ id: 'r5', originalFilename: 'long.mp4', status: 'processing', progress: 37, currentStep: 'analyzing', phase: 'decoding', phasePercent: 40, eta: 95 })]),
    );
    renderDashboard();
    const [card] = await screen.findAllByTestId('report-card');
    expect(within(card!).getByTestId('report-card-phase')).toHaveTextContent('Decoding the video · 40 %');
    expect(card).toHaveTextContent('37% · about 2 min left');
  });

  it('stats and cards: counts, level, extra row, badges, processing spinner, error text; PDF and Share Report on finished cards only', async () => {
    sdk.listDashboardReports.mockResolvedValue(
      page([
        report(),
        report({ id: 'r2', originalFilename: 'second.mp4', status: 'completed', viralRiskScore: 40, dropOffLikelihood: 20, preventionROI: 2.25, watchGainSeconds: 2.25, issuesCount: 2 }),
        report({ id: 'r3', originalFilename: 'busy.mp4', status: 'processing', progress: 40, currentStep: 'analyzing', viralRiskScore: null, issuesCount: null }),
        report({ id: 'r4', originalFilename: 'broken.mp4', status: 'error', error: 'This file has no video stream.', issuesCount: 9 }),
      ]),
    );
    renderDashboard();
    const cards = await screen.findAllByTestId('report-card');
    expect(cards).toHaveLength(4);
    expect(screen.getByRole('region', { name: 'Videos Optimized' })).toHaveTextContent('2');
    expect(screen.getByRole('region', { name: 'Optimization Level' })).toHaveTextContent('Almost There'); // avg risk 30 → 70
    expect(screen.getByRole('region', { name: 'Pattern Insights' })).toHaveTextContent('6');
    const extra = screen.getByTestId('extra-stats');
    expect(within(extra).getByRole('region', { name: 'Drop Off Rate' })).toHaveTextContent('25%');
    // Said in watch time, as the report does (issue 28): 1.5 + 2.25 s more of each view → 63 more minutes per 1,000 views.
    expect(within(extra).getByRole('region', { name: 'Growth Potential' })).toHaveTextContent('+63 min');
    expect(within(extra).getByRole('region', { name: 'Growth Potential' })).not.toHaveTextContent('£');
    expect(within(extra).getByRole('region', { name: 'Pattern Fixes' })).toHaveTextContent('6');

    const [done, second, busy, broken] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(done).toHaveTextContent('completed');
    expect(done).toHaveTextContent('Almost There'); // risk 20 → 80
    expect(done).toHaveTextContent('20 Nov 2026');
    expect(second).toHaveTextContent('completed');
    expect(busy).toHaveTextContent('Analyzing...');
    expect(busy).toHaveTextContent('40%');
    expect(busy).toHaveTextContent('AI Analysis: Running viral risk detection and drop-off prediction');
    expect(within(busy).queryByRole('link')).not.toBeInTheDocument();
    expect(broken).toHaveTextContent('This file has no video stream.');
    // Only finished analyses offer their PDF.
    expect(within(done).getAllByRole('button', { name: 'Download PDF report of morning-vlog.mp4' }).length).toBeGreaterThan(0);
    for (const card of [busy, broken]) expect(within(card).queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();
    // Share Report on finished analyses only (the dialog itself: ShareDialog.test.tsx).
    for (const card of [done, second]) expect(within(card).getAllByRole('button', { name: 'Share Report' }).length).toBeGreaterThan(0);
    for (const card of [busy, broken]) expect(within(card).queryByRole('button', { name: 'Share Report' })).not.toBeInTheDocument();
    expect(within(done).getAllByRole('link', { name: /View Optimization Analysis/ })[0]).toHaveAttribute('href', '/analysis?id=r1');

    await userEvent.click(within(second).getByText('second.mp4'));
    expect(screen.getByTestId('location')).toHaveTextContent('/analysis?id=r2');
  });

  it('a failed load toasts and leaves the list empty', async () => {
    sdk.listDashboardReports.mockRejectedValue(new Error('boom'));
    renderDashboard();
    expect(await screen.findByText('Failed to load reports. Please refresh the page to try again.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByTestId('report-card')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading your analyses...')).not.toBeInTheDocument();
  });

  it('Growth Insights opens the insights view from metrics and insights', async () => {
    sdk.listDashboardReports.mockResolvedValue(page([report()]));
    sdk.getPreventionMetrics.mockResolvedValue({
      data: { reportsAnalyzed: 3, reportsProcessing: 0, averageViralRisk: 35.5, averageDropOffRate: 22, averageWatchTimeLoss: 9.1, totalIssues: 11, totalPreventionROI: 4.2 },
    });
    sdk.getPreventionInsights.mockResolvedValue({
      data: {
        topCategories: [{ category: 'retention', count: 5 }, { category: 'hook', count: 2 }],
        riskTrend: [
          { reportId: 'a', filename: 'a.mp4', createdAt: '2026-11-01T00:00:00Z', viralRiskScore: 50 },
          { reportId: 'b', filename: 'b.mp4', createdAt: '2026-11-02T00:00:00Z', viralRiskScore: 30 },
        ],
        riskChange: -20,
        recommendations: ['Open on the payoff'],
      },
    });
    renderDashboard();
    await screen.findAllByTestId('report-card');
    expect(sdk.getPreventionMetrics).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Growth Insights' }));
    const dialog = await screen.findByRole('dialog', { name: 'Growth Insights' });
    await waitFor(() => expect(dialog).toHaveTextContent('35.5/100'));
    // Growth potential in watch time, as on the dashboard (1.5 s more of each view → 25 min per 1,000); the £ reading is only a hint.
    expect(dialog).toHaveTextContent('Growth potential+25 min');
    expect(dialog).not.toHaveTextContent('£');
    expect(dialog).toHaveTextContent('Retention');
    expect(dialog).toHaveTextContent('-20 vs your earlier videos');
    expect(dialog).toHaveTextContent('Open on the payoff');
    expect(within(dialog).getAllByLabelText(/risk \d+$/)).toHaveLength(2);
  });

  it('Share Report opens the share dialog for that report without opening the report', async () => {
    sdk.listDashboardReports.mockResolvedValue(page([report()]));
    renderDashboard();
    const [card] = await screen.findAllByTestId('report-card');
    await userEvent.click(within(card!).getAllByRole('button', { name: 'Share Report' })[0]!);
    expect(await screen.findByRole('dialog', { name: 'Share Analysis Report' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Link' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('shows the chosen platform on the card (not Auto), and Compare opens the picker of the other finished cuts', async () => {
    const older = report({ id: 'r0', originalFilename: 'morning-vlog-v1.mp4', created_at: '2026-11-19T10:15:00Z', platform: 'auto' });
    sdk.listDashboardReports.mockResolvedValue(page([report({ platform: 'tiktok' }), older]));
    renderDashboard();
    const [card, olderCard] = await screen.findAllByTestId('report-card');
    expect(within(card!).getByText('TikTok')).toBeInTheDocument();
    expect(within(olderCard!).queryByText('Auto')).not.toBeInTheDocument();
    await userEvent.click(within(card!).getAllByRole('button', { name: 'Compare morning-vlog.mp4 with another version' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Compare with another version' });
    await userEvent.click(within(dialog).getByRole('radio', { name: /morning-vlog-v1\.mp4/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Compare' }));
    // the older cut is A
    expect(screen.getByTestId('location')).toHaveTextContent('/compare?a=r0&b=r1');
  });
});

