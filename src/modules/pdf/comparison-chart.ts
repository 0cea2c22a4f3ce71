import type { Comparison } from '@preflight/shared';
import { formatDuration } from '@preflight/shared';
import { niceStep } from './retention-chart';

/** Both predicted curves on the aligned timeline as vector paths, with the stretches only one cut has as bands. */
export interface ComparisonChart {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  /** One path per unbroken run of a cut's curve (a cut's line breaks over content it lacks). */
  a: string;
  b: string;
  bands: { x: number; width: number; kind: 'removed' | 'added' }[];
  hasRemoved: boolean;
  hasAdded: boolean;
  yTicks: { y: number; label: string }[];
  xTicks: { x: number; label: string }[];
}

const WIDTH = 680;
const HEIGHT = 220;
const PLOT = { left: 40, top: 14, right: WIDTH - 12, bottom: HEIGHT - 26 };
const f1 = (n: number) => Math.round(n * 10) / 10;

export function comparisonChart(c: Comparison): ComparisonChart {
  const stretches = c.alignment.stretches;
  const duration = Math.max(1, stretches[stretches.length - 1]?.aligned_end_s ?? 0, ...c.retention.a.map((p) => p.aligned_s), ...c.retention.b.map((p) => p.aligned_s));
  const x = (t: number) => PLOT.left + (t / duration) * (PLOT.right - PLOT.left);
  const y = (pct: number) => PLOT.bottom - (pct / 100) * (PLOT.bottom - PLOT.top);
  // A new run starts where consecutive points of a cut are further apart on the aligned timeline than in the cut
  // itself: the content between them is not in this cut.
  const path = (points: Comparison['retention']['a']) =>
    [...points]
      .sort((p, q) => p.aligned_s - q.aligned_s)
      .map((p, i, all) => {
        const prev = all[i - 1];
        const jump = !prev || p.aligned_s - prev.aligned_s > Math.abs(p.t_s - prev.t_s) + 0.5;
        return `${jump ? 'M' : 'L'}${f1(x(p.aligned_s))} ${f1(y(p.retention_pct))}`;
      })
      .join(' ');
  const bands = c.alignment.same_video
    ? stretches
        .filter((s): s is typeof s & { kind: 'removed' | 'added' } => s.kind !== 'matched')
        .map((s) => ({ x: f1(x(s.aligned_start_s)), width: f1(x(s.aligned_end_s) - x(s.aligned_start_s)), kind: s.kind }))
    : [];
  const step = niceStep(duration, 8);
  const xTicks: ComparisonChart['xTicks'] = [];
  for (let t = 0; t <= duration + 1e-6; t += step) xTicks.push({ x: f1(x(t)), label: formatDuration(t) });
  return {
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    a: path(c.retention.a),
    b: path(c.retention.b),
    bands,
    hasRemoved: bands.some((band) => band.kind === 'removed'),
    hasAdded: bands.some((band) => band.kind === 'added'),
    yTicks: [0, 25, 50, 75, 100].map((pct) => ({ y: f1(y(pct)), label: `${pct}%` })),
    xTicks,
  };
}
