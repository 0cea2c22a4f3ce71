/**
 * Per-creator calibration of the retention model (docs/report-format.md, Calibration).
 *
 * The general model's curve is built from four parts per second (./retention): a baseline decay, the hook window's
 * loss, the penalty sources, and (new here) an extra loss in the first second. A creator's calibration is four
 * multipliers on those parts, shared by all their videos (never a per-video constant), fitted by least squares to
 * the measured curves of their posted videos, with a gentle pull towards the general model so that a few noisy
 * curves cannot swing it far. The inputs are only what the product keeps after the video is deleted: each report's
 * metrics (the model is re-run on them) and the measured curve.
 *
 * Honesty: the error reported is the leave-one-out error (each video predicted by a calibration fitted on the
 * others), never the error on the videos the calibration was fitted on; the calibration is applied only when that
 * error beats the general model's error on the same videos, and only from MIN_VIDEOS measured videos up.
 */
import type { Metrics } from '@preflight/shared';
import { interpolate, type MeasuredPoint } from '@preflight/shared';
import type { Platform } from './constants';
import { IDENTITY_CALIBRATION, runModel, type CalibrationParams } from './retention';

/** Fewer measured videos than this: the curve stays uncalibrated. */
export const MIN_VIDEOS = 3;
/** The newest this many measured videos are used (older ones describe an older audience). */
export const MAX_VIDEOS = 20;

/** Bounds of each parameter: outside them the model would be a different model, not a calibrated one. */
const BOUNDS = {
  start_level: [0.5, 1],
  hook_mult: [0.25, 4],
  decay_mult: [0.25, 4],
  penalty_mult: [0, 4],
} as const;

/**
 * The pull towards the general model, in squared points of error per squared unit of each parameter's log (the
 * start level: per squared share lost): small against the error of one video (tens of squared points), so a
 * consistent pattern over three videos moves it, and one odd curve does not.
 */
const PRIOR_WEIGHT = { start_level: 400, hook_mult: 4, decay_mult: 4, penalty_mult: 4 };

export interface CalibrationVideo {
  /** Identifies the video in the result (the report id). */
  id: string;
  metrics: Metrics;
  platform: Platform;
  /** The measured curve on the video's seconds. */
  measured: MeasuredPoint[];
}

/** The general model's curve of one video in parts, so that a calibrated curve costs one pass over the seconds. */
export interface CurveParts {
  base: number[];
  hook: number[];
  penalty: number[];
  width: number[];
  /** Time of each survival point (0, 1, …, duration). */
  times: number[];
  /** The measured curve at each survival point (null where not measured). */
  measured: Array<number | null>;
}

export function curveParts(video: CalibrationVideo): CurveParts {
  const model = runModel({ metrics: video.metrics, platform: video.platform });
  const m = video.metrics;
  let g = 1;
  for (const v of model.modifiers.values()) g *= v;
  const hookRate = -Math.log(1 - model.hook.loss) / model.hook.windowS;
  const base: number[] = [];
  const hook: number[] = [];
  const penalty: number[] = [];
  const width: number[] = [];
  for (let i = 0; i < model.secs; i++) {
    base.push(model.baseline[i] * g);
    hook.push(i < model.hook.windowS ? hookRate * Math.min(1, model.hook.windowS - i) : 0);
    penalty.push(model.sources.reduce((a, s) => a + (s.hazard.get(i) ?? 0), 0));
    width.push(Math.min(Math.max(m.duration_s - i, 0), 1) || 1);
  }
  const times = model.survival.map((_, i) => Math.min(i, m.duration_s));
  return { base, hook, penalty, width, times, measured: times.map((t) => interpolate(video.measured, t)) };
}

/** Survival (0-1) at each point of the parts under a calibration: the same arithmetic as runModel's curve. */
export function calibratedSurvival(parts: CurveParts, c: CalibrationParams): number[] {
  const surv = [1];
  for (let i = 0; i < parts.base.length; i++) {
    let h = parts.base[i] * c.decay_mult + parts.hook[i] * c.hook_mult + parts.penalty[i] * c.penalty_mult;
    if (i === 0) h += -Math.log(c.start_level) / parts.width[0];
    surv.push(surv[i] * Math.exp(-h * parts.width[i]));
  }
  return surv;
}

/** Mean absolute and mean squared error (points) of a calibration on one video, over its measured points. */
export function videoError(parts: CurveParts, c: CalibrationParams): { mae: number; mse: number; n: number } {
  const surv = calibratedSurvival(parts, c);
  let abs = 0;
  let sq = 0;
  let n = 0;
  for (let i = 0; i < surv.length; i++) {
    const m = parts.measured[i];
    if (m === null || m === undefined) continue;
    const d = surv[i] * 100 - m;
    abs += Math.abs(d);
    sq += d * d;
    n++;
  }
  return n ? { mae: abs / n, mse: sq / n, n } : { mae: 0, mse: 0, n: 0 };
}

/** Unconstrained vector <-> parameters: logs of the multipliers, the start level's lost share. */
const fromVector = (x: number[]): CalibrationParams => ({
  start_level: clamp(1 - Math.max(0, x[0]), BOUNDS.start_level[0], BOUNDS.start_level[1]),
  hook_mult: clamp(Math.exp(x[1]), BOUNDS.hook_mult[0], BOUNDS.hook_mult[1]),
  decay_mult: clamp(Math.exp(x[2]), BOUNDS.decay_mult[0], BOUNDS.decay_mult[1]),
  penalty_mult: clamp(Math.exp(x[3]), Math.max(1e-3, BOUNDS.penalty_mult[0]), BOUNDS.penalty_mult[1]),
});
const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

function objective(parts: CurveParts[], x: number[]): number {
  const c = fromVector(x);
  let err = 0;
  for (const p of parts) err += videoError(p, c).mse;
  const prior =
    PRIOR_WEIGHT.start_level * Math.max(0, x[0]) ** 2 + PRIOR_WEIGHT.hook_mult * x[1] ** 2 + PRIOR_WEIGHT.decay_mult * x[2] ** 2 + PRIOR_WEIGHT.penalty_mult * x[3] ** 2;
  return err / parts.length + prior;
}

/** Nelder-Mead on a handful of parameters (deterministic: same start, same steps). */
function minimise(f: (x: number[]) => number, start: number[], step = 0.3, maxIter = 600): number[] {
  const n = start.length;
  let simplex = [start, ...start.map((_, i) => start.map((v, j) => (i === j ? v + step : v)))].map((x) => ({ x, f: f(x) }));
  for (let iter = 0; iter < maxIter; iter++) {
    simplex.sort((a, b) => a.f - b.f);
    const best = simplex[0];
    const worst = simplex[n];
    if (Math.abs(worst.f - best.f) < 1e-7 * (1 + Math.abs(best.f))) break;
    const centroid = start.map((_, j) => simplex.slice(0, n).reduce((a, p) => a + p.x[j], 0) / n);
    const along = (t: number) => centroid.map((c, j) => c + t * (worst.x[j] - c));
    const reflected = along(-1);
    const fr = f(reflected);
    if (fr < best.f) {
      const expanded = along(-2);
      const fe = f(expanded);
      simplex[n] = fe < fr ? { x: expanded, f: fe } : { x: reflected, f: fr };
    } else if (fr < simplex[n - 1].f) {
      simplex[n] = { x: reflected, f: fr };
    } else {
      const contracted = along(fr < worst.f ? -0.5 : 0.5);
      const fc = f(contracted);
      if (fc < Math.min(fr, worst.f)) simplex[n] = { x: contracted, f: fc };
      else simplex = simplex.map((p, i) => (i === 0 ? p : { x: p.x.map((v, j) => best.x[j] + 0.5 * (v - best.x[j])), f: 0 })).map((p, i) => (i === 0 ? p : { x: p.x, f: f(p.x) }));
    }
  }
  simplex.sort((a, b) => a.f - b.f);
  return simplex[0].x;
}

/** The calibration that fits these videos best (the general model when there are none). */
export function fitCalibration(parts: CurveParts[]): CalibrationParams {
  if (parts.length === 0) return IDENTITY_CALIBRATION;
  const x = minimise((v) => objective(parts, v), [0, 0, 0, 0]);
  const c = fromVector(x);
  const r = (v: number) => Math.round(v * 1000) / 1000;
  return { start_level: r(c.start_level), hook_mult: r(c.hook_mult), decay_mult: r(c.decay_mult), penalty_mult: r(c.penalty_mult) };
}

export interface CalibrationResult {
  status: 'calibrated' | 'uncalibrated';
  /** Measured videos used. */
  videos: number;
  /** Leave-one-out: each video predicted by the calibration fitted on the others; mean of their mean absolute errors. */
  loo_error_pts: number | null;
  /** The general model's mean absolute error on the same videos (it was never fitted on them). */
  uncalibrated_error_pts: number | null;
  /** Fitted on all the videos; null when uncalibrated. */
  params: CalibrationParams | null;
  /** For the report, in plain words. */
  note: string;
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The creator's calibration from their measured videos, with its leave-one-out error. */
export function calibrateCreator(videos: CalibrationVideo[]): CalibrationResult {
  const used = videos.slice(0, MAX_VIDEOS);
  const parts = used.map(curveParts).filter((p) => p.measured.some((m) => m !== null));
  const n = parts.length;
  if (n < MIN_VIDEOS) {
    return {
      status: 'uncalibrated',
      videos: n,
      loo_error_pts: null,
      uncalibrated_error_pts: null,
      params: null,
      note: `Uncalibrated: this is the general model. Add the measured retention of ${MIN_VIDEOS} posted videos to calibrate it to your audience (you have ${n}).`,
    };
  }
  const raw = parts.reduce((a, p) => a + videoError(p, IDENTITY_CALIBRATION).mae, 0) / n;
  let loo = 0;
  for (let i = 0; i < n; i++) {
    const others = parts.filter((_, j) => j !== i);
    loo += videoError(parts[i], fitCalibration(others)).mae;
  }
  loo /= n;
  const looText = `typical error ${Math.round(loo)} point${Math.round(loo) === 1 ? '' : 's'} (checked on each video left out in turn)`;
  if (loo >= raw) {
    return {
      status: 'uncalibrated',
      videos: n,
      loo_error_pts: r1(loo),
      uncalibrated_error_pts: r1(raw),
      params: null,
      note: `Uncalibrated: calibrating on your ${plural(n, 'posted video')} did not predict a video left out better (${Math.round(loo)} points against ${Math.round(raw)} for the general model), so this is the general model.`,
    };
  }
  return {
    status: 'calibrated',
    videos: n,
    loo_error_pts: r1(loo),
    uncalibrated_error_pts: r1(raw),
    params: fitCalibration(parts),
    note: `Calibrated on your ${plural(n, 'posted video')}; ${looText}. Uncalibrated, the model was off by ${Math.round(raw)} points on the same videos.`,
  };
}
