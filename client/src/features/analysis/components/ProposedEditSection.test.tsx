import type { EditDto } from '@preflight/sdk';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api';
import { fakeAuth, fakeUser, renderApp, signedIn } from '../../../test/render';
import { useEditDraft } from '../api/useEditDraft';
import { useReportEdit } from '../api/useReportEdit';
import { ProposedEditSection } from './ProposedEditSection';

const sdk = vi.hoisted(() => ({ getReportEdit: vi.fn(), putReportEdit: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));

const cut = (start: number, end: number, reason: string, finding_id: string | null, enabled = true) => ({ start_seconds: start, end_seconds: end, reason, finding_id, enabled, kind: 'dead_air' as const });

const edit = (over: Partial<EditDto> = {}): EditDto => ({
  report_id: 'r1',
  saved: false,
  updated_at: null,
  duration_seconds: 27.12,
  kept_seconds: 24.92,
  cuts: [cut(0, 1.2, '0:00–0:01 slow start: 1.2 s before the first words', 'hook'), cut(10, 11, '0:10–0:11 pause: 1.0 s of silence between sentences', null)],
  retention: { before: { duration_seconds: 27.12, average_view_seconds: 12, end_share_pct: 38 }, after: { duration_seconds: 24.92, average_view_seconds: 13, end_share_pct: 51 } },
  after_curve: [],
  fixed_finding_ids: ['hook'],
  note: null,
  margin_before_seconds: 0.15,
  margin_after_seconds: 0.25,
  min_silence_seconds: 0.6,
  min_kept_seconds: 0.5,
  frame_rate: { num: 25, den: 1 },
  audio_fade_seconds: 0.04,
  ...over,
});

function Harness({ readOnly = false }: { readOnly?: boolean }) {
  const query = useReportEdit('r1');
  const state = useEditDraft(readOnly ? null : 'r1', query.data);
  return state ? <ProposedEditSection state={state} issues={[{ id: 'hook', title: 'Slow hook' } as never]} /> : null;
}

const render = (readOnly = false) => renderApp(<Harness readOnly={readOnly} />, { auth: fakeAuth(signedIn(fakeUser())) });

beforeEach(() => {
  sdk.getReportEdit.mockReset().mockResolvedValue({ data: edit() });
  sdk.putReportEdit.mockReset();
});

describe('ProposedEditSection', () => {
  it('lists the cuts with their reasons, the new length, before → after in words, and the finding it fixes', async () => {
    render();
    const cuts = await screen.findAllByTestId('edit-cut');
    expect(cuts.map((c) => within(c).getByText(/^0:/).textContent)).toEqual(['0:00–0:01 slow start: 1.2 s before the first words', '0:10–0:11 pause: 1.0 s of silence between sentences']);
    expect(screen.getByTestId('edit-length')).toHaveTextContent('New length: 27.1 s → 24.9 s long');
    expect(screen.getByTestId('edit-before-after')).toHaveTextContent('27.1 s → 24.9 s long; 38 % → 51 % still watching at the end');
    expect(within(cuts[0]!).getByText('Fixes: Slow hook')).toBeInTheDocument();
  });

  it('switching a cut off changes the length at once and saves the list once after the pause', async () => {
    sdk.putReportEdit.mockImplementation(async ({ body }) => ({ data: edit({ saved: true, cuts: [cut(0, 1.2, 'slow start', 'hook', body.cuts[0].enabled), cut(10, 11, 'pause', null)], kept_seconds: 26.12 }) }));
    render();
    await userEvent.click(await screen.findByRole('switch', { name: 'Remove 0:00.00–0:01.20' }));
    expect(screen.getByTestId('edit-length')).toHaveTextContent('27.1 s → 26.1 s long');
    await vi.waitFor(() => expect(sdk.putReportEdit).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(sdk.putReportEdit.mock.calls[0]![0]).toMatchObject({ path: { reportId: 'r1' }, body: { cuts: [{ start_seconds: 0, end_seconds: 1.2, enabled: false }, { start_seconds: 10, end_seconds: 11, enabled: true }] } });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('moves an edge by one frame with a labelled button and says in plain words why the server refused it', async () => {
    sdk.putReportEdit.mockRejectedValue(new ApiError('Cut 2 (10.00 s–11.04 s) cuts into speech at 11.02 s beyond the 0.25 s kept after it.', 400));
    render();
    const later = await screen.findByRole('button', { name: 'Cut 2 end one frame later' });
    await userEvent.click(later);
    expect(screen.getByText(/Cut 2 end 0:11\.04/)).toBeInTheDocument();
    expect(await screen.findByText(/This change is not saved: Cut 2 \(10\.00 s–11\.04 s\) cuts into speech/, {}, { timeout: 5000 })).toBeInTheDocument();
    // The creator's change stays on the page, to move back.
    expect(screen.getByTestId('edit-length')).toHaveTextContent('→ 24.9 s long');
    await act(async () => {});
  });

  it('says so when nothing is worth removing', async () => {
    sdk.getReportEdit.mockResolvedValue({ data: edit({ cuts: [], note: 'Nothing to remove: every silence is shorter than 0.6 s.' }) });
    render();
    expect(await screen.findByTestId('edit-note')).toHaveTextContent('Nothing to remove: every silence is shorter than 0.6 s.');
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('is read-only without a report to save to (a shared report)', async () => {
    render(true);
    await screen.findAllByTestId('edit-cut');
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /one frame/ })).toBeNull();
  });
});
