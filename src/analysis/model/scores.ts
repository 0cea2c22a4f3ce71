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
      // The calibrated hook (./calibration) scales the hook window's loss rate: loss' = 1 - (1 - loss)^mult.
      predicted_loss: r2((1 - (1 - hook.loss) ** model.calibration.hook_mult) * 100),
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
  /** The overall performance score before rounding (100 - viral_risk_score, rounded, is what the report shows). */
  performance: number;
  viral_risk_score: number;
  predicted_drop_off_rate: number;
  predicted_watch_time_loss: number;
  hook_hold: number;
}

/** What the score needs of a finding: its continuous grade (rules/rule.ts graded(): low 0-1 … critical 3-4). */
export interface Graded {
  grade: number;
}

/**
 * One finding's share of the issue penalty, continuous in its grade: linear between the penalties of the severities
 * (C.ISSUE_PENALTY_BY_GRADE at grades 0, 1, 2, 3 and the limit 4), so a bigger problem always weighs more.
 */
export function findingPenalty(grade: number): number {
  const anchors = C.ISSUE_PENALTY_BY_GRADE;
  const g = clamp(grade, 0, anchors.length - 1);
  const i = Math.min(anchors.length - 2, Math.floor(g));
  return anchors[i] + (anchors[i + 1] - anchors[i]) * (g - i);
}

/** Sum of the findings' penalties, capped at 1. */
export function issuePenalty(findings: readonly Graded[]): number {
  return Math.min(1, findings.reduce((a, f) => a + findingPenalty(f.grade), 0));
}

/**
 * The band the worst finding holds the score in, and how far inside it: null without a high or critical finding;
 * otherwise the band's floor and top (C.SEVERITY_BANDS) and `within`, the worst finding's fraction of its grade (0 at
 * its severity's threshold, towards 1 as it nears the next severity or the worst of its kind).
 */
export function worstBand(findings: readonly Graded[]): { floor: number; top: number; within: number } | null {
  const worst = findings.reduce((g, f) => Math.max(g, f.grade), -1);
  const band = C.SEVERITY_BANDS[Math.floor(worst)];
  return band ? { ...band, within: worst - Math.floor(worst) } : null;
}

/**
 * The overall performance score (0-100, unrounded) from the quality (0-1) and the findings. Without a high or critical
 * finding it is 100 x quality. With one, the worst finding holds the score inside its band (critical: "Major Fixes
 * Needed" or lower, high: "Needs Polish" or lower — the hazard model spreads a single decisive fault such as no sound
 * or 20 s of dead air over the whole curve and would otherwise rate it like a few small ones). Inside the band the
 * score keeps ranking: the part of the quality above the band's floor is scaled into the band, and shrunk further the
 * bigger the worst problem is:
 *
 *   score = Q                                                   when Q <= floor
 *   score = floor + (top - floor) x (Q - floor) / (100 - floor) x (1 - within)   otherwise   (Q = 100 x quality)
 *
 * It is continuous and never increases when the quality falls or the worst problem grows, and it reaches the band's
 * floor as the worst problem reaches the next severity (whose band starts just below), so sizes order videos
 * across the thresholds too. It never leaves the band the capped score had: a score that was capped at the top is
 * still in that band, a score under the floor is unchanged.
 */
export function performanceScore(quality: number, findings: readonly Graded[]): number {
  const q = 100 * clamp(quality, 0, 1);
  const band = worstBand(findings);
  if (!band || q <= band.floor) return q;
  return band.floor + ((band.top - band.floor) * (q - band.floor)) / (100 - band.floor) * (1 - band.within);
}

/**
 * Viral risk 0-100 (higher = riskier) from predicted hook hold, predicted average watch share and the findings
 * (their penalties and the band of the worst: performanceScore).
 */
export function scores(model: ModelResult, findings: readonly Graded[]): Scores {
  const W = model.hook.windowS;
  const hold = survivalAt(model, W);
  const end = model.survival[model.survival.length - 1];
  const holdN = clamp((hold - C.HOLD_POOR) / (C.HOLD_GREAT - C.HOLD_POOR), 0, 1);
  const avdN = clamp((model.avgWatched - C.AVD_POOR) / (C.AVD_GREAT - C.AVD_POOR), 0, 1);
  const quality = C.RISK_W_HOLD * holdN + C.RISK_W_AVD * avdN + C.RISK_W_ISSUES * (1 - issuePenalty(findings));
  const exact = performanceScore(quality, findings);
  const performance = Math.round(exact);
  return {
    performance: exact,
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
