import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/apiError';
import { fakeAuth, renderApp, signedIn } from '../../../test/render';
import { stubResizeObserver } from '../../../test/resizeObserver';
import fixture from '../test/comparison.fixture.json';
import { ComparePage } from './ComparePage';

const sdk = vi.hoisted(() => ({ compareCuts: vi.fn(), getStatus: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

// No mockReset/mockClear between tests: clearing the spy's records made vitest report an earlier test's handled
// rejection in the next test. Each test sets its own answer.
beforeAll(stubResizeObserver);


const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const renderPage = (route = `/compare?a=${A}&b=${B}`) =>
  renderApp(<ComparePage />, { route, auth: fakeAuth(signedIn()), routes: { '/dashboard': <p>Dashboard page</p> } });

describe('ComparePage', () => {
  it('shows the verdict first, both cuts with the delta, the aligned curves, the windows and the issues in three groups', async () => {
    sdk.compareCuts.mockResolvedValue({ data: fixture });
    renderPage();
    expect(screen.getByText('Comparing the two cuts...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: fixture.verdict })).toBeInTheDocument();
    expect(sdk.compareCuts).toHaveBeenCalledWith(expect.objectContaining({ query: { a: A, b: B } }));
    expect(screen.getByText('Post B')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share comparison' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    const cutB = screen.getByRole('region', { name: `Cut B: ${fixture.b.filename}` });
    expect(within(cutB).getByLabelText(/^Average watch \+5\.5 pts against A$/)).toBeInTheDocument();
    expect(within(cutB).getByRole('link', { name: 'Open report B' })).toHaveAttribute('href', `/analysis?id=${B}`);
    // below the first screen, right after it
    expect(await screen.findByRole('heading', { name: 'Predicted retention, aligned by content' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Aligned timeline' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { name: /^Only in A \(cut from B\): A 0:00–0:03$/ })).toHaveLength(1);
    const windows = await screen.findByRole('table'); // one section per frame
    expect(within(windows).getAllByRole('row')).toHaveLength(fixture.windows.length + 1);
    expect(await screen.findByRole('heading', { name: 'Fixed in B (1)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New in B (0)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Still in both (3)' })).toBeInTheDocument();
    expect(screen.getByText('B brings no new issue.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'One long take' })).toBeInTheDocument();
    expect(screen.getByText(/100% of A found in B; 100% of B found in A\./)).toBeInTheDocument();
  }, 30_000);

  it('swaps A and B on request: the same two cuts compared the other way round', async () => {
    sdk.compareCuts.mockResolvedValue({ data: fixture });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: fixture.verdict });
    await userEvent.click(screen.getByRole('button', { name: 'Swap A and B' }));
    await vi.waitFor(() => expect(sdk.compareCuts).toHaveBeenLastCalledWith(expect.objectContaining({ query: { a: B, b: A } })));
  }, 30_000);

  it('waits, and says so, while a cut is still being analysed', async () => {
    sdk.compareCuts.mockRejectedValue(new ApiError('Version B is still being analysed; compare once it is ready.', 409, 'b_analysing'));
    sdk.getStatus.mockResolvedValue({ data: { reportId: B, filename: 'talk-v2.mp4', status: 'processing', progress: 45, currentStep: 'analyzing' } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Waiting for the analysis' })).toBeInTheDocument();
    expect(screen.getByText(/Version B is still being analysed; compare once it is ready\. This page updates by itself\./)).toBeInTheDocument();
    // and how far B's analysis has got
    expect(sdk.getStatus).toHaveBeenCalledWith(expect.objectContaining({ path: { reportId: B } }));
    expect(await screen.findByRole('progressbar', { name: 'Analysis progress of talk-v2.mp4' })).toHaveAttribute('aria-valuenow', '45');
    expect(screen.getByText('45%')).toBeInTheDocument();
  });

  it('says a comparison is not found, with the reason, and leads back to the dashboard', async () => {
    sdk.compareCuts.mockRejectedValue(new ApiError('Report not found', 404));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Comparison Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Report not found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Back to Dashboard/ })[0]).toHaveAttribute('href', '/dashboard');
  });

  it('asks for two versions when the link lacks one', async () => {
    const callsBefore = sdk.compareCuts.mock.calls.length;
    renderPage(`/compare?a=${A}`);
    expect(await screen.findByRole('heading', { name: 'Comparison Not Found' })).toBeInTheDocument();
    expect(sdk.compareCuts.mock.calls.length).toBe(callsBefore);
  });
});
