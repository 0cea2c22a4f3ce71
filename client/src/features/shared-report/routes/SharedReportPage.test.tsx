import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render';

const api = vi.hoisted(() => ({ getSharedReport: vi.fn() }));
vi.mock('../../../shared/api', () => ({ getSharedReport: api.getSharedReport }));

const { SharedReportPage } = await import('./SharedReportPage');

const renderAt = (token: string) => renderApp(<SharedReportPage />, { route: `/client/${token}`, path: '/client/:token' });

describe('SharedReportPage', () => {
  it('rejects a malformed token without calling the API', () => {
    renderAt('x');
    expect(screen.getByRole('heading', { name: 'Report Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Invalid report token.')).toBeInTheDocument();
    expect(api.getSharedReport).not.toHaveBeenCalled();
  });

  it('shows a loading skeleton, then the report', async () => {
    api.getSharedReport.mockResolvedValueOnce({ report_id: 'r1', created_at: '2026-11-20T10:00:00Z' });
    renderAt('share-token-123');
    expect(screen.getByRole('status', { name: 'Loading report' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Shared Analysis Report' })).toBeInTheDocument();
    expect(api.getSharedReport).toHaveBeenCalledWith('share-token-123');
  });

  it('shows Report Not Found when the fetch fails', async () => {
    api.getSharedReport.mockRejectedValueOnce(new Error('Resource not found'));
    renderAt('expired-token-456');
    expect(await screen.findByRole('heading', { name: 'Report Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load report. The link may have expired or be invalid.')).toBeInTheDocument();
    expect(screen.getByText('Please contact your agency for a new link.')).toBeInTheDocument();
  });
});
