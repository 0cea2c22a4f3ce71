/**
 * A creator's cut list checked against the video before anything is saved: every range inside the video, none
 * overlapping another, none cutting into speech beyond the margins the creator kept, and something left to watch
 * (no kept piece shorter than min_kept_s). The first problem is the answer, naming the range and why.
 */
import type { EditSettings, Metrics } from '@preflight/shared';
import { FrameGrid } from './frame-grid';
import { keptOf, lengthOf, overlapOf, type Range } from './ranges';
import { speechZones } from './propose';

/** More cuts than this is not an edit of one video of at most an hour. */
export const MAX_CUTS = 2000;

export interface CutInput {
  start_s: number;
  end_s: number;
  enabled: boolean;
}

export type CheckResult<T> = { ok: true; cuts: T[] } | { ok: false; message: string };

/** 17.3 -> "0:17.30": edges are frames apart, so the message shows hundredths. */
export function clock(t: number): string {
  const s = Math.max(0, t);
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(2).padStart(5, '0')}`;
}
const named = (i: number, c: Range) => `Cut ${i + 1} (${clock(c.start_s)}–${clock(c.end_s)})`;

export function checkCuts<T extends CutInput>(m: Metrics, cuts: readonly T[], s: EditSettings, grid: FrameGrid): CheckResult<T> {
  const D = m.duration_s;
  if (cuts.length > MAX_CUTS) return { ok: false, message: `An edit has at most ${MAX_CUTS} cuts; this one has ${cuts.length}.` };
  for (const [i, c] of cuts.entries()) {
    if (!(c.end_s > c.start_s)) return { ok: false, message: `${named(i, c)} ends before it starts.` };
    if (c.start_s < 0 || c.end_s > D + grid.frameS / 2) return { ok: false, message: `${named(i, c)} falls outside the video (0:00.00–${clock(D)}).` };
  }
  const order = cuts.map((c, i) => ({ c, i })).sort((a, b) => a.c.start_s - b.c.start_s);
  for (let k = 1; k < order.length; k++) {
    const prev = order[k - 1];
    const cur = order[k];
    if (cur.c.start_s < prev.c.end_s - 1e-6) return { ok: false, message: `${named(cur.i, cur.c)} overlaps cut ${prev.i + 1} (${clock(prev.c.start_s)}–${clock(prev.c.end_s)}).` };
  }
  // Onto the source's frames, each cut shrinking (as the proposal's do).
  const snapped = order.map(({ c, i }) => ({ i, c: { ...c, start_s: c.start_s <= 1e-6 ? 0 : grid.ceil(c.start_s), end_s: grid.floor(Math.min(c.end_s, D)) } }));
  for (const { i, c } of snapped) if (c.end_s - c.start_s < grid.frameS - 1e-6) return { ok: false, message: `${named(i, cuts[i])} is shorter than one frame of the video.` };
  const zones = speechZones(m, s);
  for (const { i, c } of snapped) {
    if (!c.enabled) continue;
    const hit = zones.find((z) => overlapOf(z, c) > 1e-3);
    if (hit) {
      const speech = m.speech_segments.find((g) => overlapOf({ start_s: g.start_s - s.margin_before_s, end_s: g.end_s + s.margin_after_s }, c) > 1e-3) ?? hit;
      return {
        ok: false,
        message: `${named(i, cuts[i])} cuts into speech at ${clock(speech.start_s)}–${clock(speech.end_s)} (the edit keeps ${s.margin_before_s} s before and ${s.margin_after_s} s after speech).`,
      };
    }
  }
  const enabled = snapped.filter((x) => x.c.enabled);
  const kept = keptOf(enabled.map((x) => x.c), D);
  if (lengthOf(kept) < Math.max(s.min_kept_s, grid.frameS)) return { ok: false, message: 'The enabled cuts leave nothing of the video to watch.' };
  for (const p of kept) {
    if (p.end_s - p.start_s >= s.min_kept_s - 1e-6) continue;
    const left = enabled.find((x) => Math.abs(x.c.end_s - p.start_s) < 1e-6);
    const right = enabled.find((x) => Math.abs(x.c.start_s - p.end_s) < 1e-6);
    const where = left && right ? `between cut ${left.i + 1} and cut ${right.i + 1}` : left ? `after cut ${left.i + 1}` : `before cut ${right!.i + 1}`;
    return { ok: false, message: `Only ${(p.end_s - p.start_s).toFixed(2)} s would be kept ${where} (${clock(p.start_s)}–${clock(p.end_s)}); a kept piece is at least ${s.min_kept_s} s.` };
  }
  return { ok: true, cuts: snapped.sort((a, b) => a.c.start_s - b.c.start_s).map((x) => x.c) };
}
