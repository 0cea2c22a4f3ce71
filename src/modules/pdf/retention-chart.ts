import { formatDuration } from '@preflight/shared';

/** The predicted retention curve as vector paths, in the SVG's own units (the template scales it to the page). */
export interface RetentionChart {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  line: string;
  area: string;
  /** The measured curve (the creator's analytics), '' when none. */
  measuredLine: string;
  yTicks: { y: number; label: string }[];
  xTicks: { x: number; label: string }[];
  /** Numbered like the drop-off list under the chart, so close markers never bury each other's text. */
  markers: { x: number; y: number; number: number; labelY: number }[];
}

const WIDTH = 680;
const HEIGHT = 220;
const PLOT = { left: 40, top: 14, right: WIDTH - 12, bottom: HEIGHT - 26 };
/** More points than this add bytes, not detail, at print size (a 1-hour curve has 3,600). */
const MAX_POINTS = 400;

const f1 = (n: number) => Math.round(n * 10) / 10;

/** Keeps every k-th point plus the last, so the curve's shape and end stay exact. */
function thin<T>(points: T[]): T[] {
  if (points.length <= MAX_POINTS) return points;
  const step = Math.ceil(points.length / MAX_POINTS);
  const kept = points.filter((_, i) => i % step === 0);
  if (kept[kept.length - 1] !== points[points.length - 1]) kept.push(points[points.length - 1]);
  return kept;
}

/** Time-axis labels: the smallest round step that gives at most `most` labels over the duration. */
export function niceStep(duration: number, most = 6): number {
  const candidates = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800];
  return candidates.find((c) => duration / c <= most) ?? 3600;
}

export function retentionChart(
  points: { t: number; pct: number }[],
  dropOffs: { seconds: number; timestamp: string; loss: number }[],
  durationSeconds: number,
  measured: { t_s: number; retention_pct: number }[] = [],
): RetentionChart {
  const duration = Math.max(durationSeconds, points[points.length - 1]?.t ?? 0, 1);
  // Measured retention counts replays: a looping short starts above 100 %, so the scale grows to show it.
  const top = Math.max(100, Math.ceil(Math.max(0, ...measured.map((p) => p.retention_pct)) / 25) * 25);
  const x = (t: number) => PLOT.left + (t / duration) * (PLOT.right - PLOT.left);
  const y = (pct: number) => PLOT.bottom - (pct / top) * (PLOT.bottom - PLOT.top);
  const kept = thin(points);
  const measuredLine = thin(measured)
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${f1(x(p.t_s))} ${f1(y(p.retention_pct))}`)
    .join(' ');
  const line = kept.map((p, i) => `${i === 0 ? 'M' : 'L'}${f1(x(p.t))} ${f1(y(p.pct))}`).join(' ');
  const area = kept.length ? `${line} L${f1(x(kept[kept.length - 1].t))} ${PLOT.bottom} L${f1(x(kept[0].t))} ${PLOT.bottom} Z` : '';

  const retentionAt = (t: number) => {
    let best = points[0]?.pct ?? 100;
    for (const p of points) {
      if (p.t > t) break;
      best = p.pct;
    }
    return best;
  };
  const markers = dropOffs.map((d, i) => {
    const my = y(retentionAt(d.seconds));
    return { x: f1(x(d.seconds)), y: f1(my), number: i + 1, labelY: f1(Math.max(PLOT.top + 8, my - 9)) };
  });

  const step = niceStep(duration);
  const xTicks: RetentionChart['xTicks'] = [];
  for (let t = 0; t <= duration + 1e-6; t += step) xTicks.push({ x: f1(x(t)), label: formatDuration(t) });

  return {
    width: WIDTH,
    height: HEIGHT,
    plot: PLOT,
    line,
    area,
    measuredLine,
    yTicks: Array.from({ length: top / 25 + 1 }, (_, i) => i * 25).map((pct) => ({ y: f1(y(pct)), label: `${pct}%` })),
    xTicks,
    markers,
  };
}

/** The sound-over-time band under the chart, on the chart's own time axis (same SVG width and plot edges). */
export interface AudioBandChart {
  width: number;
  height: number;
  rects: { x: number; width: number; color: string; title: string }[];
}

const BAND_HEIGHT = 10;

export function audioBandChart(bands: { leftPercent: number; widthPercent: number; color: string; label: string; range: string }[]): AudioBandChart {
  const span = PLOT.right - PLOT.left;
  return {
    width: WIDTH,
    height: BAND_HEIGHT,
    rects: bands.map((b) => ({
      x: f1(PLOT.left + (b.leftPercent / 100) * span),
      // At least a hairline, so a short stretch is still visible in print.
      width: Math.max(0.6, f1((b.widthPercent / 100) * span)),
      color: b.color,
      title: `${b.label} ${b.range}`,
    })),
  };
}

/**
 * "The proposed edit" page's chart: the before-curve with the after-curve (on the tightened video's own times, so it
 * ends earlier) and the removed ranges shaded, on the same axes as the report's retention chart.
 */
export function editChart(
  points: { t: number; pct: number }[],
  durationSeconds: number,
  after: { t_s: number; retention_pct: number }[],
  cuts: { start_s: number; end_s: number }[],
): RetentionChart & { bands: { x: number; width: number }[] } {
  const chart = retentionChart(points, [], durationSeconds, after);
  const duration = Math.max(durationSeconds, points[points.length - 1]?.t ?? 0, 1);
  const x = (t: number) => PLOT.left + (Math.min(Math.max(t, 0), duration) / duration) * (PLOT.right - PLOT.left);
  const bands = cuts.map((c) => ({ x: f1(x(c.start_s)), width: Math.max(0.5, f1(x(c.end_s) - x(c.start_s))) }));
  return { ...chart, bands };
}
