import type { EditCutDto, EditDto } from '@preflight/sdk';

/**
 * The arithmetic of the report page's "Proposed edit" (docs/product.md, The proposed edit): moving an edge by a frame,
 * the length with the enabled cuts, and the before → after figures in words. The server stays the judge (PUT answers
 * the re-evaluated edit or a 400 naming the range); this only lets the length change the moment an edge moves.
 */

/** The cuts as PUT takes them (what the server words itself is left out: it is ignored there). */
export type CutChoice = Pick<EditCutDto, 'start_seconds' | 'end_seconds' | 'enabled'>;

export const frameSeconds = (rate: EditDto['frame_rate']) => rate.den / rate.num;

/** A time snapped onto the nearest frame of the source (edges always sit on one; floats drift without this). */
export function snapToFrame(seconds: number, rate: EditDto['frame_rate']): number {
  const frame = Math.round((seconds * rate.num) / rate.den);
  return Math.round(((frame * rate.den) / rate.num) * 1e6) / 1e6;
}

/**
 * One edge of one cut moved by `frames` (negative = earlier), kept inside the video and at least a frame from the other
 * edge. Overlap with a neighbour is left for the server to refuse in words.
 */
export function moveEdge<T extends CutChoice>(cut: T, edge: 'start' | 'end', frames: number, edit: Pick<EditDto, 'frame_rate' | 'duration_seconds'>): T {
  const step = frameSeconds(edit.frame_rate);
  if (edge === 'start') {
    const start = snapToFrame(Math.min(Math.max(0, cut.start_seconds + frames * step), cut.end_seconds - step), edit.frame_rate);
    return { ...cut, start_seconds: start };
  }
  const end = snapToFrame(Math.max(Math.min(edit.duration_seconds, cut.end_seconds + frames * step), cut.start_seconds + step), edit.frame_rate);
  return { ...cut, end_seconds: Math.min(end, edit.duration_seconds) };
}

/** Seconds left with the enabled cuts removed (overlaps counted once). */
export function keptSeconds(durationSeconds: number, cuts: readonly CutChoice[]): number {
  const on = cuts.filter((c) => c.enabled).map((c) => [Math.max(0, c.start_seconds), Math.min(durationSeconds, c.end_seconds)] as const);
  on.sort((a, b) => a[0] - b[0]);
  let removed = 0;
  let reach = 0;
  for (const [start, end] of on) {
    const from = Math.max(start, reach);
    if (end > from) removed += end - from;
    reach = Math.max(reach, end);
  }
  return Math.max(0, durationSeconds - removed);
}

const seconds1 = (s: number) => `${(Math.round(s * 10) / 10).toFixed(1)} s`;

/** "27.1 s → 24.9 s long" */
export function lengthInWords(beforeSeconds: number, afterSeconds: number): string {
  return `${seconds1(beforeSeconds)} → ${seconds1(afterSeconds)} long`;
}

/** "27.1 s → 24.9 s long; 38 % → 51 % still watching at the end", from what the API answered. */
export function beforeAfterInWords(edit: Pick<EditDto, 'retention'>): string {
  const { before, after } = edit.retention;
  return `${lengthInWords(before.duration_seconds, after.duration_seconds)}; ${Math.round(before.end_share_pct)} % → ${Math.round(after.end_share_pct)} % still watching at the end`;
}

/** Whether two cut lists say the same (the answer to a PUT may come after the creator moved on). */
export function sameChoices(a: readonly CutChoice[], b: readonly CutChoice[]): boolean {
  return a.length === b.length && a.every((c, i) => c.enabled === b[i]!.enabled && Math.abs(c.start_seconds - b[i]!.start_seconds) < 1e-6 && Math.abs(c.end_seconds - b[i]!.end_seconds) < 1e-6);
}

export const toChoices = (cuts: readonly EditCutDto[]): CutChoice[] => cuts.map(({ start_seconds, end_seconds, enabled }) => ({ start_seconds, end_seconds, enabled }));

/**
 * The after-curve on the chart's time axis (the before-curve's seconds): the value at each x from the nearest point of
 * the tightened video's curve, null past its end, so both curves share one chart and the after one ends earlier.
 */
export function afterCurveOnAxis(xs: readonly number[], curve: EditDto['after_curve']): (number | null)[] {
  if (curve.length === 0) return xs.map(() => null);
  const last = curve[curve.length - 1]!.t_seconds;
  let j = 0;
  return xs.map((x) => {
    if (x > last + 1e-6) return null;
    while (j + 1 < curve.length && Math.abs(curve[j + 1]!.t_seconds - x) <= Math.abs(curve[j]!.t_seconds - x)) j++;
    return curve[j]!.retention_pct;
  });
}
