/**
 * What an edit buys: the engine's own retention model and rules re-run on the edited timeline (./remap.ts), against
 * the same model on the source. Predicted average view duration and share watching to the end, before and after; the
 * after-curve on the edited times; and the findings the edit fixes (their rule no longer finds them where they were).
 */
import type { EditRetention, Metrics } from '@preflight/shared';
import type { Platform } from '../model/constants';
import { runModel, type CalibrationParams, type ModelResult } from '../model/retention';
import { computeSignals } from '../model/signals';
import { buildFindings, type Candidate, type Transcript } from '../rules/candidates';
import { keptOf, overlapOf, TimeMap, type Range } from './ranges';
import { editMetrics, editTranscript } from './remap';

export interface EditModelInput {
  metrics: Metrics;
  /** The platform the report resolved (never re-resolved: "auto" depends on the length, which the edit changes). */
  platform: Platform;
  calibration?: CalibrationParams | null;
  transcript: Transcript | null;
}

export interface Modelled {
  model: ModelResult;
  /** Every finding, each moment on its own. */
  each: Candidate[];
  /** The findings as the report lists them. */
  shown: Candidate[];
}

export function modelOf(input: EditModelInput): Modelled {
  const signals = computeSignals(input.metrics, input.platform);
  const model = runModel({ metrics: input.metrics, platform: input.platform, signals, calibration: input.calibration ?? undefined });
  const { each, shown } = buildFindings(input.metrics, input.platform, model, input.transcript);
  return { model, each, shown };
}

export interface EditEvaluation {
  kept_seconds: number;
  before: EditRetention;
  after: EditRetention;
  after_curve: Array<{ t_s: number; retention_pct: number }>;
  fixed_finding_ids: string[];
  /** The edited signals' model (for tests and the benchmark). */
  afterModel: ModelResult;
  map: TimeMap;
}

const r1 = (v: number) => Math.round(v * 10) / 10;
const r2 = (v: number) => Math.round(v * 100) / 100;

export function retentionOf(model: ModelResult, durationS: number): EditRetention {
  return {
    duration_s: r2(durationS),
    average_view_s: r1(model.avgWatched * durationS),
    end_share_pct: r1(model.survival[model.survival.length - 1] * 100),
  };
}

export function curvePoints(model: ModelResult, durationS: number): Array<{ t_s: number; retention_pct: number }> {
  const points: Array<{ t_s: number; retention_pct: number }> = [];
  for (let i = 0; i < model.survival.length; i++) {
    const t = Math.min(i, durationS);
    if (i > 0 && t <= points[points.length - 1].t_s) break;
    points.push({ t_s: r2(t), retention_pct: Math.round(model.survival[i] * 1000) / 10 });
  }
  return points;
}

/** A finding's stretches (each moment of a merged one). */
function stretches(c: Candidate): Range[] {
  const parts = c.occurrences?.length ? c.occurrences : [c];
  return parts.map((o) => ({ start_s: o.time_s, end_s: Math.max(o.end_s ?? o.time_s, o.time_s + 0.05) }));
}

/**
 * A finding is fixed when every one of its stretches is mostly removed or, where it is not, its rule finds nothing
 * of the same kind on the edited timeline where the stretch now plays.
 */
function fixedFindings(before: readonly Candidate[], after: readonly Candidate[], cuts: readonly Range[], map: TimeMap): string[] {
  const out: string[] = [];
  for (const f of before) {
    const parts = stretches(f);
    const touched = parts.some((p) => cuts.some((c) => overlapOf(c, p) > 0));
    if (!touched) continue;
    const fixed = parts.every((p) => {
      const removed = cuts.reduce((a, c) => a + overlapOf(c, p), 0);
      if (removed >= 0.9 * (p.end_s - p.start_s)) return true;
      const now = map.segment(p);
      const where = now.length ? { start_s: now[0].start_s - 0.5, end_s: now[now.length - 1].end_s + 0.5 } : null;
      return !where || !after.some((a) => a.code === f.code && stretches(a).some((s) => overlapOf(s, where) > 0 || (a.time_s >= where.start_s && a.time_s <= where.end_s)));
    });
    if (fixed) out.push(f.id);
  }
  return out;
}

/** The edit of `cuts` (enabled ones, source times) evaluated against the source, with `before` already modelled. */
export function evaluateEdit(input: EditModelInput, before: Modelled, cuts: readonly Range[]): EditEvaluation {
  const kept = keptOf(cuts, input.metrics.duration_s);
  const map = new TimeMap(kept);
  const edited = editMetrics(input.metrics, map);
  const after = modelOf({ ...input, metrics: edited, transcript: editTranscript(input.transcript, map) });
  return {
    kept_seconds: r2(map.durationS),
    before: retentionOf(before.model, input.metrics.duration_s),
    after: retentionOf(after.model, edited.duration_s),
    after_curve: curvePoints(after.model, edited.duration_s),
    fixed_finding_ids: fixedFindings(before.shown, after.each, cuts, map),
    afterModel: after.model,
    map,
  };
}
