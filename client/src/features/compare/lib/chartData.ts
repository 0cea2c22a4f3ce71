import type { AlignedStretch, Comparison } from '@preflight/shared';

type Point = Comparison['retention']['a'][number];
export interface ComparisonChartData {
  xs: number[];
  a: (number | null)[];
  b: (number | null)[];
}

/** At most this many x positions: enough for a smooth line on a 1920 px screen, few enough for a phone. */
const MAX_POINTS = 400;

/** Linear interpolation of a curve (sorted by aligned_s) at x. */
function valueAt(points: Point[], x: number): number | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  if (x <= first.aligned_s) return first.retention_pct;
  if (x >= last.aligned_s) return last.retention_pct;
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.aligned_s <= x) lo = mid;
    else hi = mid;
  }
  const p = points[lo]!;
  const q = points[hi]!;
  const f = q.aligned_s > p.aligned_s ? (x - p.aligned_s) / (q.aligned_s - p.aligned_s) : 0;
  return Math.round((p.retention_pct + (q.retention_pct - p.retention_pct) * f) * 10) / 10;
}

const holds = (s: AlignedStretch, side: 'a' | 'b') => (side === 'a' ? s.kind !== 'added' : s.kind !== 'removed');

/**
 * Both predicted curves sampled on one grid of the aligned timeline. A cut has no value where the timeline holds
 * content it lacks (B over a removed stretch, A over an added one): the line breaks there instead of bridging it.
 */
export function comparisonChartData(c: Comparison): ComparisonChartData {
  const stretches = c.alignment.stretches;
  const end = Math.max(stretches[stretches.length - 1]?.aligned_end_s ?? 0, ...c.retention.a.map((p) => p.aligned_s), ...c.retention.b.map((p) => p.aligned_s));
  const step = Math.max(0.25, end / MAX_POINTS);
  const sorted = (pts: Point[]) => [...pts].sort((x, y) => x.aligned_s - y.aligned_s);
  const [pa, pb] = [sorted(c.retention.a), sorted(c.retention.b)];
  const inSide = (x: number, side: 'a' | 'b') =>
    !c.alignment.same_video || stretches.some((s) => holds(s, side) && x >= s.aligned_start_s - 1e-6 && x <= s.aligned_end_s + 1e-6);
  const xs: number[] = [];
  const a: (number | null)[] = [];
  const b: (number | null)[] = [];
  for (let x = 0; x <= end + 1e-6; x += step) {
    const at = Math.round(x * 100) / 100;
    xs.push(at);
    a.push(inSide(at, 'a') && at <= (pa[pa.length - 1]?.aligned_s ?? 0) + step ? valueAt(pa, at) : null);
    b.push(inSide(at, 'b') && at <= (pb[pb.length - 1]?.aligned_s ?? 0) + step ? valueAt(pb, at) : null);
  }
  return { xs, a, b };
}
