/** Scores and drop-off events derived from the hazard model (all PREDICTED). */
import type { DropOff, Metrics } from '@preflight/shared';
import { mss } from '../time';
import { C, PLATFORM_PRESETS } from './constants';
import type { ModelResult, PenaltySource, SourceKind } from './retention';

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
const r1 = (v: number) => Math.round(v * 10) / 10;
const r2 = (v: number) => Math.round(v * 100) / 100;

/** Retention (0-1) at time t, linear between whole seconds. */
export function survivalAt(model: ModelResult, t: number, survival = model.survival): number {
  const i = Math.floor(t);
  if (i >= survival.length - 1) return survival[survival.length - 1];
  const f = t - i;
  return survival[i] * (1 - f) + survival[i + 1] * f;
}

/** Percentage points of the starting audience lost to one source. */
export function sourceLoss(model: ModelResult, s: PenaltySource, duration: number): number {
  let loss = 0;
  for (const [i, h] of s.hazard) {
    const w = clamp(duration - i, 0, 1) || 1;
    loss += model.survival[i] * (1 - Math.exp(-h * w));
  }
  return loss * 100;
}

const KIND_TEXT: Record<SourceKind, string> = {
  dead_air: 'silence',
  static: 'a still picture',
  black: 'black frames',
  low_energy: 'an energy dip (much quieter than the rest)',
  lull: 'a long shot with no cut',
};

export function dropOffs(model: ModelResult, m: Metrics): DropOff[] {
  type Ev = { start: number; end: number; kinds: Set<SourceKind>; loss: number; perSec: Map<number, number>; parts: PenaltySource[] };
  const evs: Ev[] = [];
  const sorted = [...model.sources].sort((a, b) => a.start_s - b.start_s);
  for (const s of sorted) {
    const loss = sourceLoss(model, s, m.duration_s);
    const ev = evs.find((e) => Math.min(e.end, s.end_s) - Math.max(e.start, s.start_s) > 0.25);
    if (ev) {
      ev.start = Math.min(ev.start, s.start_s);
      ev.end = Math.max(ev.end, s.end_s);
      ev.kinds.add(s.kind);
      ev.parts.push(s);
      ev.loss += loss;
      for (const [i, h] of s.hazard) ev.perSec.set(i, (ev.perSec.get(i) ?? 0) + h);
    } else {
      evs.push({ start: s.start_s, end: s.end_s, kinds: new Set([s.kind]), loss, perSec: new Map(s.hazard), parts: [s] });
    }
  }
  const out: Array<DropOff & { spike?: number }> = evs.map((e) => {
    const kinds = [...e.kinds];
    // The evidence interval: the whole event, or where silence and a still picture coincide when both are part of it
    // (that overlap is what the cause names, so the drop-off moment must lie inside it).
    let from = e.start;
    let to = e.end;
    let cause = `${(to - from).toFixed(1)} s of ${kinds.map((k) => KIND_TEXT[k]).join(' and ')}`;
    const st = e.parts.filter((p) => p.kind === 'static');
    const da = e.parts.filter((p) => p.kind === 'dead_air');
    let both: { a: number; b: number } | null = null;
    for (const x of st) for (const y of da) {
      const a = Math.max(x.start_s, y.start_s);
      const b = Math.min(x.end_s, y.end_s);
      if (b - a > 0.25 && (!both || b - a > both.b - both.a)) both = { a, b };
    }
    if (both) {
      from = both.a;
      to = both.b;
      cause = `${(to - from).toFixed(1)} s of silence over a still picture`;
    }
    const inside = [...e.perSec].filter(([i]) => i + 1 > from && i < to).sort((a, b) => a[0] - b[0]);
    let peak = Math.floor(from);
    let best = -1;
    for (const [i, h] of inside) {
      if (h > best) {
        best = h;
        peak = i;
      }
    }
    // The drop-off moment: the first second where the event's hazard reaches a quarter of its peak (loss accelerates),
    // kept inside the evidence interval.
    let onset = peak;
    for (const [i, h] of inside) {
      if (h >= best * C.DROPOFF_ONSET_SHARE) {
        onset = i;
        break;
      }
    }
    const clampIn = (t: number) => Math.min(Math.max(t, from), Math.max(from, to - 0.01));
    onset = clampIn(onset);
    const spike = best / Math.max(1e-9, model.baseline[peak] ?? model.baseline[model.baseline.length - 1]);
    return {
      spike,
      time_s: r2(onset),
      timestamp: mss(onset),
      peak_s: r2(clampIn(peak)),
      start_s: r2(from),
      end_s: r2(to),
      predicted_loss: r2(e.loss),
      cause: `${cause} (${mss(from)}-${mss(to)})`,
      cause_code: kinds.sort().join('+'),
    };
  });
  const hook = model.hook;
  if (hook.loss - C.HOOK_LOSS_BASE >= C.HOOK_DROPOFF_MIN_EXCESS) {
    const bad = hook.parts.filter((p) => p.delta > 0).map((p) => p.text);
    out.push({
      time_s: 0,
      timestamp: '0:00',
      peak_s: 0,
      start_s: 0,
      end_s: r2(Math.min(hook.windowS, m.duration_s)),
      predicted_loss: r2(hook.loss * 100),
      cause: `Weak hook in the first ${hook.windowS} s: ${bad.join('; ')}`,
      cause_code: 'hook',
    });
  }
  return out
    // A drop-off is a peak: the added hazard must stand out against the baseline, not a slow uniform drift.
    .filter((d) => d.predicted_loss >= C.DROPOFF_MIN_LOSS_PP && (d.spike === undefined || d.spike >= C.DROPOFF_MIN_PEAK_RATIO))
    .map(({ spike: _spike, ...d }) => d)
    .sort((a, b) => b.predicted_loss - a.predicted_loss)
    .slice(0, C.MAX_DROPOFFS);
}

export interface Scores {
  viral_risk_score: number;
  predicted_drop_off_rate: number;
  predicted_watch_time_loss: number;
  hook_hold: number;
}

/**
 * Viral risk 0-100 (higher = riskier) from predicted hook hold, predicted average watch share and the issues found.
 * `performanceCap` (0-100) bounds 100 - risk from above: the worst finding decides the best band the video can reach
 * (a critical finding cannot be "Needs Polish" or better, a high one cannot be "Almost There"), because the hazard
 * model spreads a single decisive fault (no sound, 20 s of dead air) over the whole curve and would otherwise rate it
 * like a few small ones.
 */
export function scores(model: ModelResult, issuePenalty: number, performanceCap = 100): Scores {
  const W = model.hook.windowS;
  const hold = survivalAt(model, W);
  const end = model.survival[model.survival.length - 1];
  const holdN = clamp((hold - C.HOLD_POOR) / (C.HOLD_GREAT - C.HOLD_POOR), 0, 1);
  const avdN = clamp((model.avgWatched - C.AVD_POOR) / (C.AVD_GREAT - C.AVD_POOR), 0, 1);
  const quality = C.RISK_W_HOLD * holdN + C.RISK_W_AVD * avdN + C.RISK_W_ISSUES * (1 - clamp(issuePenalty, 0, 1));
  const performance = Math.min(Math.round(clamp(100 * quality, 0, 100)), clamp(performanceCap, 0, 100));
  return {
    viral_risk_score: 100 - performance,
    predicted_drop_off_rate: r1(100 * (1 - end)),
    predicted_watch_time_loss: r1(100 * (1 - model.avgWatched)),
    hook_hold: r1(100 * hold),
  };
}

// The bands of the optimization label and the risk level are shared rules (one home for engine, API and web app).
export { optimizationLabel, riskLevel } from '@preflight/shared';

export function roi(model: ModelResult, m: Metrics) {
  const improved = model.curve({
    disabledSources: new Set(model.sources.map((s) => s.key)),
    disabledModifiers: new Set(model.modifiers.keys()),
    idealHook: true,
  });
  const base = model.avgWatched * m.duration_s;
  const better = Math.max(base, improved.avgWatched * m.duration_s);
  const gainS = better - base;
  const total = ((C.ROI_ASSUMED_VIEWS * gainS) / 60 / 1000) * C.ROI_GBP_PER_1000_WATCH_MINUTES;
  return {
    total_roi: r2(total),
    currency: 'GBP' as const,
    predicted_watch_time_gain_percent: r1(base > 0 ? (100 * gainS) / base : 0),
    baseline_avg_watch_s: r2(base),
    improved_avg_watch_s: r2(better),
    assumptions: [
      `Illustrative value of fixing every issue found, for ${C.ROI_ASSUMED_VIEWS.toLocaleString('en-GB')} views.`,
      `Watch time is valued at £${C.ROI_GBP_PER_1000_WATCH_MINUTES} per 1,000 watch-minutes (a round illustrative figure; real payouts vary widely by platform and niche).`,
      'Average watch time before and after comes from the predicted retention curve (a model estimate, not measured viewer data), with every detected problem removed and an ideal hook.',
      `Platform baseline: ${PLATFORM_PRESETS[model.platform].label}.`,
    ],
  };
}
