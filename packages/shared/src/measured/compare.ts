/**
 * Predicted against measured retention (docs/report-format.md, Measured retention): both curves on the video's own
 * seconds, each predicted drop-off confirmed or not by the measured curve, and the error in plain words.
 */
import type { Report } from '../report/schema';
import { formatTimestamp } from '../rules/timestamp';
import { MeasuredCsvError, type MeasuredCurveInput } from './csv';
import type { ComparedDropOff, MeasuredPoint, RetentionComparison } from './schema';

/** A predicted drop-off as the report holds it (the fields the comparison reads). */
export interface PredictedDropOff {
  time_s: number;
  peak_s: number;
  predicted_loss: number;
  cause: string;
}

/** A drop-off is confirmed by a measured fall within this many seconds (or one measured step when coarser). */
export const CONFIRM_WINDOW_S = 3;
/** ... that exceeds the curve's usual fall over the same time by at least this many points. */
export const CONFIRM_MIN_EXCESS_PTS = 1;
/** A hook difference under this many points reads "as predicted". */
const HOOK_SAME_PTS = 2;

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Linear interpolation on sorted points; null outside their range. */
export function interpolate(points: readonly MeasuredPoint[], t: number): number | null {
  const firstPoint = points[0];
  const lastPoint = points[points.length - 1];
  if (!firstPoint || !lastPoint || t < firstPoint.t_s - 1e-9 || t > lastPoint.t_s + 1e-9) return null;
  let lo = 0;
  let hi = points.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if ((points[mid] as MeasuredPoint).t_s <= t) lo = mid;
    else hi = mid;
  }
  const a = points[lo] as MeasuredPoint;
  const b = points[hi] as MeasuredPoint;
  if (b.t_s === a.t_s) return a.retention_pct;
  const f = Math.min(1, Math.max(0, (t - a.t_s) / (b.t_s - a.t_s)));
  return a.retention_pct + f * (b.retention_pct - a.retention_pct);
}

/**
 * The measured curve on the video's seconds. A share of the video is multiplied by its length; seconds past the end
 * (beyond a small rounding allowance) mean the file belongs to another video.
 */
export function measuredInSeconds(curve: MeasuredCurveInput, durationS: number): MeasuredPoint[] {
  const pts = curve.points.map((p) => ({ t_s: curve.unit === 'share' ? p.t * durationS : p.t, retention_pct: p.retention_pct }));
  const last = pts[pts.length - 1]?.t_s ?? 0;
  if (last > durationS + Math.max(1, durationS * 0.02)) {
    throw new MeasuredCsvError(`The measured curve runs to ${formatTimestamp(last)} but this video is ${formatTimestamp(durationS)} long: is it the right video?`);
  }
  const inside = pts.filter((p) => p.t_s <= durationS).map((p) => ({ t_s: Math.round(p.t_s * 100) / 100, retention_pct: round1(p.retention_pct) }));
  if (inside.length < pts.length) inside.push({ t_s: Math.round(durationS * 100) / 100, retention_pct: round1(interpolate(pts, durationS) ?? pts[pts.length - 1]?.retention_pct ?? 0) });
  const distinct = inside.filter((p, i) => i === 0 || p.t_s > (inside[i - 1] as MeasuredPoint).t_s);
  if (distinct.length < 2) throw new MeasuredCsvError('The measured curve needs at least two distinct times within the video.');
  return distinct;
}

/** The curve's usual fall per second: the median slope between its points after the hook (falls only). */
function usualFallPerSecond(measured: readonly MeasuredPoint[], afterS: number): number {
  const slopes: number[] = [];
  for (let i = 1; i < measured.length; i++) {
    const a = measured[i - 1] as MeasuredPoint;
    const b = measured[i] as MeasuredPoint;
    if (a.t_s < afterS || b.t_s <= a.t_s) continue;
    slopes.push(Math.max(0, (a.retention_pct - b.retention_pct) / (b.t_s - a.t_s)));
  }
  if (slopes.length === 0) return 0;
  slopes.sort((x, y) => x - y);
  return slopes[Math.floor(slopes.length / 2)] ?? 0;
}

function confirmDrop(drop: PredictedDropOff, measured: readonly MeasuredPoint[], usual: number, durationS: number): ComparedDropOff {
  let step = 0;
  for (let i = 1; i < measured.length; i++) step = Math.max(step, (measured[i] as MeasuredPoint).t_s - (measured[i - 1] as MeasuredPoint).t_s);
  const tol = Math.max(CONFIRM_WINDOW_S, Math.min(step, 10));
  const width = Math.max(2, Math.min(step, 10));
  const from = Math.max(0, Math.min(drop.time_s, drop.peak_s) - tol);
  const to = Math.min(durationS, Math.max(drop.time_s, drop.peak_s) + tol);
  let best: number | null = null;
  for (let t = from; ; t += 0.5) {
    const a = interpolate(measured, t);
    const b = interpolate(measured, Math.min(durationS, t + width));
    if (a !== null && b !== null) {
      const excess = a - b - usual * width;
      if (best === null || excess > best) best = excess;
    }
    if (t + width >= to) break;
  }
  return {
    time_s: drop.time_s,
    timestamp: formatTimestamp(drop.time_s),
    cause: drop.cause,
    predicted_loss: drop.predicted_loss,
    confirmed: best !== null && best >= CONFIRM_MIN_EXCESS_PTS,
    measured_excess_fall: best === null ? null : round1(best),
  };
}

export interface CompareInput {
  predicted: readonly MeasuredPoint[];
  dropOffs: readonly PredictedDropOff[];
  hookWindowS: number;
  durationS: number;
  measured: readonly MeasuredPoint[];
}

/** Predicted against measured on the video's seconds. */
export function compareRetention(input: CompareInput): RetentionComparison {
  const { predicted, measured, durationS } = input;
  const points = predicted.map((p) => {
    const m = interpolate(measured, p.t_s);
    return { t_s: p.t_s, predicted_pct: p.retention_pct, measured_pct: m === null ? null : round1(m) };
  });
  const both = points.filter((p): p is { t_s: number; predicted_pct: number; measured_pct: number } => p.measured_pct !== null);
  const diffs = both.map((p) => p.predicted_pct - p.measured_pct);
  const bias = diffs.length ? diffs.reduce((a, d) => a + d, 0) / diffs.length : 0;
  const mae = diffs.length ? diffs.reduce((a, d) => a + Math.abs(d), 0) / diffs.length : 0;
  const hookAt = Math.min(input.hookWindowS, durationS);
  const hookPred = interpolate(predicted, hookAt) ?? predicted[predicted.length - 1]?.retention_pct ?? 0;
  const hookMeas = interpolate(measured, hookAt) ?? measured[0]?.retention_pct ?? 0;
  const usual = usualFallPerSecond(measured, hookAt);
  const drops = input.dropOffs.map((d) => confirmDrop(d, measured, usual, durationS));
  const first = measured[0]?.t_s ?? 0;
  const last = measured[measured.length - 1]?.t_s ?? 0;
  const coverage = durationS > 0 ? Math.min(1, (last - first) / durationS) : 0;
  const hook = { at_s: round1(hookAt), predicted_pct: round1(hookPred), measured_pct: round1(hookMeas) };
  return {
    duration_s: durationS,
    points,
    measured: [...measured],
    drop_offs: drops,
    mean_bias_pts: round1(bias),
    mean_abs_error_pts: round1(mae),
    hook,
    coverage: Math.round(coverage * 100) / 100,
    summary: comparisonSummary(bias, hook, drops, coverage),
  };
}

/** "Our prediction was 6 points high on average; the hook held better than predicted (…). 2 of 3 … confirmed." */
export function comparisonSummary(bias: number, hook: RetentionComparison['hook'], drops: readonly ComparedDropOff[], coverage: number): string {
  const pts = Math.round(Math.abs(bias));
  const level = pts < 1 ? 'our prediction was within a point of the measured curve on average' : `our prediction was ${pts} point${pts === 1 ? '' : 's'} ${bias > 0 ? 'high' : 'low'} on average`;
  const d = hook.measured_pct - hook.predicted_pct;
  const numbers = `${Math.round(hook.measured_pct)} % measured against ${Math.round(hook.predicted_pct)} % predicted at ${formatTimestamp(hook.at_s)}`;
  const hookText = Math.abs(d) < HOOK_SAME_PTS ? `the hook held as predicted (${numbers})` : d > 0 ? `the hook held better than predicted (${numbers})` : `the hook lost more viewers than predicted (${numbers})`;
  const confirmed = drops.filter((x) => x.confirmed).length;
  const dropText = drops.length === 0 ? 'We predicted no distinct drop-off.' : `${confirmed} of ${drops.length} predicted drop-off${drops.length === 1 ? '' : 's'} ${confirmed === 1 ? 'is' : 'are'} confirmed by a measured fall.`;
  const partial = coverage < 0.9 ? ` The measured curve covers ${Math.round(coverage * 100)} % of the video; the rest is not compared.` : '';
  return `${level.charAt(0).toUpperCase()}${level.slice(1)}; ${hookText}. ${dropText}${partial}`;
}

/** The report's prediction against a stored measured curve. */
export function compareWithReport(report: Pick<Report, 'retention_curve' | 'drop_offs' | 'viral_hook' | 'video_info'>, measured: readonly MeasuredPoint[]): RetentionComparison {
  return compareRetention({
    predicted: report.retention_curve.points,
    dropOffs: report.drop_offs,
    hookWindowS: report.viral_hook.hook_window_s,
    durationS: report.video_info.duration_seconds,
    measured,
  });
}
