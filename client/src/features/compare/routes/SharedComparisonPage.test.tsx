import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/apiError';
import { renderApp } from '../../../test/render';
import { stubResizeObserver } from '../../../test/resizeObserver';
import fixture from '../test/comparison.fixture.json';
import { SharedComparisonPage } from './SharedComparisonPage';

const sdk = vi.hoisted(() => ({ getSharedComparison: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

// Each test sets its own answer (no mockReset between tests: see ComparePage.test.tsx).
beforeAll(stubResizeObserver);

const TOKEN = 'Jw3k9ZlqX0b_4-8sPq2mLr7tYv1cN5eQhA6uDgFzKxI';
const renderPage = (token = TOKEN) => renderApp(<SharedComparisonPage />, { route: `/client/compare/${token}`, path: '/client/compare/:token' });

describe('SharedComparisonPage', () => {
  it('shows the comparison read-only to anyone with the link, without links to the reports', async () => {
    sdk.getSharedComparison.mockResolvedValue({ data: { created_at: '2026-11-24T10:00:00Z', expires_at: '2026-12-01T10:00:00Z', allow_download: true, comparison: fixture } });
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading comparison' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: fixture.verdict })).toBeInTheDocument();
    expect(sdk.getSharedComparison).toHaveBeenCalledWith(expect.objectContaining({ path: { token: TOKEN } }));
    expect(screen.getByText('Read-only comparison')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open report/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fixed in B (1)' })).toBeInTheDocument();
    expect(screen.getByText(/this link works until/)).toBeInTheDocument();
  });

  it('says the link failed, without calling the API for a malformed token', async () => {
    const calls = sdk.getSharedComparison.mock.calls.length;
    renderPage('bad token!');
    expect(await screen.findByRole('heading', { name: 'Comparison Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Invalid comparison link.')).toBeInTheDocument();
    expect(sdk.getSharedComparison.mock.calls.length).toBe(calls);
  });

  it('says an expired or unknown link failed, and whom to ask', async () => {
    sdk.getSharedComparison.mockRejectedValue(new ApiError('Failed to load comparison. The link may have expired or be invalid.', 404));
    renderPage();
    expect(await screen.findByText('Failed to load comparison. The link may have expired or be invalid.')).toBeInTheDocument();
    expect(screen.getByText('Please contact your agency for a new link.')).toBeInTheDocument();
  });
});
