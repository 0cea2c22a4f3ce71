import { describe, expect, it } from 'vitest';
import { beforeAfterInWords, keptSeconds, moveEdge, sameChoices, snapToFrame } from './proposedEdit';

const ntsc = { num: 30000, den: 1001 };
const edit = { frame_rate: { num: 25, den: 1 }, duration_seconds: 10 };

describe('proposedEdit', () => {
  it('moves an edge by whole frames of the source and keeps it inside the video', () => {
    const cut = { start_seconds: 2, end_seconds: 4, enabled: true };
    expect(moveEdge(cut, 'start', -1, edit).start_seconds).toBe(1.96);
    expect(moveEdge(cut, 'end', 5, edit).end_seconds).toBe(4.2);
    expect(moveEdge({ ...cut, start_seconds: 0.02 }, 'start', -3, edit).start_seconds).toBe(0);
    expect(moveEdge({ ...cut, end_seconds: 9.98 }, 'end', 3, edit).end_seconds).toBe(10);
    // An edge never crosses the other: at least one frame stays cut.
    expect(moveEdge({ start_seconds: 2, end_seconds: 2.04, enabled: true }, 'end', -5, edit).end_seconds).toBe(2.04);
  });

  it('snaps NTSC edges onto the 30000/1001 grid', () => {
    expect(snapToFrame(1, ntsc)).toBe(1.001);
    expect(snapToFrame(1.0343, ntsc)).toBe(1.034367);
  });

  it('counts only the enabled cuts, overlaps once', () => {
    expect(keptSeconds(10, [{ start_seconds: 0, end_seconds: 2, enabled: true }, { start_seconds: 5, end_seconds: 6, enabled: false }])).toBe(8);
    expect(keptSeconds(10, [{ start_seconds: 1, end_seconds: 4, enabled: true }, { start_seconds: 3, end_seconds: 5, enabled: true }])).toBe(6);
  });

  it('says before → after in words', () => {
    const retention = { before: { duration_seconds: 27.12, average_view_seconds: 12, end_share_pct: 38.2 }, after: { duration_seconds: 24.94, average_view_seconds: 13, end_share_pct: 50.6 } };
    expect(beforeAfterInWords({ retention })).toBe('27.1 s → 24.9 s long; 38 % → 51 % still watching at the end');
  });

  it('compares choices to the microsecond', () => {
    const a = [{ start_seconds: 1, end_seconds: 2, enabled: true }];
    expect(sameChoices(a, [{ start_seconds: 1.0000001, end_seconds: 2, enabled: true }])).toBe(true);
    expect(sameChoices(a, [{ start_seconds: 1, end_seconds: 2, enabled: false }])).toBe(false);
  });
});

describe('afterCurveOnAxis', () => {
  it('puts the after-curve on the chart seconds and ends it where the tightened video ends', async () => {
    const { afterCurveOnAxis } = await import('./proposedEdit');
    const curve = [0, 1, 2].map((t) => ({ t_seconds: t, retention_pct: 100 - t * 10 }));
    expect(afterCurveOnAxis([0, 0.9, 2, 3, 4], curve)).toEqual([100, 90, 80, null, null]);
    expect(afterCurveOnAxis([0, 1], [])).toEqual([null, null]);
  });
});
