/**
 * Predicted retention: a discrete-time hazard model, one step per second.
 *
 *   S(0) = 100 %;  S(t+1) = S(t) * exp(-h(t))
 *   h(t) = baseline(t) * engagementMult(t) * globalMult          (length- and platform-dependent decay)
 *        + hook(t)                                              (first hookWindowS seconds only)
 *        + sum of penalty sources active in second t            (dead air, static, black, low energy, lulls)
 *
 * Every number comes from ./constants. This is a PREDICTION from the measured signals, not a measurement.
 * Penalty sources are named so that issues can point at them and a counterfactual curve ("if fixed") can be
 * computed by switching them off; that is what potential_retention_boost and prevention ROI use.
 */
import type { Metrics, Segment } from '@preflight/shared';
import { C, PLATFORM_PRESETS, type Platform } from './constants';
import { computeSignals, coverage, hasAudibleSound, movesEarly, type VideoSignals } from './signals';

export type SourceKind = 'dead_air' | 'static' | 'black' | 'low_energy' | 'lull';

export interface PenaltySource {
  key: string;
  kind: SourceKind;
  start_s: number;
  end_s: number;
  /** Per-second added hazard, indexed by second. */
  hazard: Map<number, number>;
}

export interface HookAssessment {
  loss: number;
  windowS: number;
  parts: Array<{ code: string; delta: number; text: string }>;
}

export type GlobalModifier = 'quiet' | 'no_audio' | 'dark' | 'washed_out' | 'clipping';

/**
 * A creator's calibration of the model (./calibration): a handful of multipliers fitted to their measured curves,
 * never per-video constants. The identity (1, 1, 1, 1) is the general model.
 */
export interface CalibrationParams {
  /** Share of viewers left after the first second's extra swipe-away (0.5-1; 1 = none). */
  start_level: number;
  /** Multiplies the hook window's loss rate. */
  hook_mult: number;
  /** Multiplies the baseline decay (the steady loss of every video). */
  decay_mult: number;
  /** Multiplies the penalty sources (dead air, still picture, black, low energy, lulls). */
  penalty_mult: number;
}

export const IDENTITY_CALIBRATION: CalibrationParams = { start_level: 1, hook_mult: 1, decay_mult: 1, penalty_mult: 1 };

export interface ModelInput {
  metrics: Metrics;
  platform: Platform;
  /** The creator's calibration; absent = the general model. */
  calibration?: CalibrationParams;
  /** The signals derived from these metrics (computed here when not given). */
  signals?: VideoSignals;
}

export interface CurveOptions {
  disabledSources?: ReadonlySet<string>;
  disabledModifiers?: ReadonlySet<GlobalModifier>;
  /** Replace the hook loss by the base (as if the opening were fixed). */
  idealHook?: boolean;
}

export interface ModelResult {
  platform: Platform;
  signals: VideoSignals;
  secs: number;
  hook: HookAssessment;
  sources: PenaltySource[];
  modifiers: Map<GlobalModifier, number>;
  /** S at the start of each second, plus the end point: length secs+1. */
  survival: number[];
  hazard: number[];
  baseline: number[];
  engagement: number[];
  /** Average share of the video watched, 0-1. */
  avgWatched: number;
  /** The calibration applied (identity when none). */
  calibration: CalibrationParams;
  curve(opts: CurveOptions): { survival: number[]; avgWatched: number };
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

const inAny = (segs: Segment[], t: number) => segs.some((g) => t >= g.start_s && t < g.end_s);

/** Per-second engagement 0..1 from speech, movement and fresh cuts. */
export function engagementTrack(m: Metrics): number[] {
  const secs = Math.max(1, Math.ceil(m.duration_s - 1e-6));
  const out: number[] = [];
  for (let i = 0; i < secs; i++) {
    const w = Math.min(1, m.duration_s - i) || 1;
    const speech = coverage(m.speech_segments, i, i + 1) / w;
    const motion = clamp((m.tracks.motion[i] ?? 0) / C.ENGAGE_MOTION_FULL, 0, 1);
    const cut = m.cuts.some((c) => c <= i + 1 && c > i - C.ENGAGE_CUT_FRESH_S) ? 1 : 0;
    out.push(clamp(C.ENGAGE_W_SPEECH * clamp(speech, 0, 1) + C.ENGAGE_W_MOTION * motion + C.ENGAGE_W_CUT * cut, 0, 1));
  }
  return out;
}

export function assessHook(m: Metrics, platform: Platform): HookAssessment {
  const W = Math.min(PLATFORM_PRESETS[platform].hookWindowS, Math.max(1, m.duration_s));
  const parts: HookAssessment['parts'] = [];
  const hasSpeech = m.speech_segments.length > 0;
  const first = m.first_speech_s;
  if (hasSpeech && first !== null && first > C.HOOK_SPEECH_GRACE_S) {
    const d = Math.min(C.HOOK_SPEECH_LOSS_CAP, (first - C.HOOK_SPEECH_GRACE_S) * C.HOOK_SPEECH_LOSS_PER_S);
    parts.push({ code: 'late_speech', delta: d, text: `first words at ${first.toFixed(1)} s` });
  }
  const hookEnd = Math.min(W, 3);
  const cutEarly = m.cuts.some((c) => c < C.HOOK_VISUAL_CHANGE_S);
  const motionEarly = movesEarly(m, hookEnd);
  const blackOpen = m.black_segments.find((b) => b.start_s <= 0.1);
  if (blackOpen && blackOpen.end_s >= C.BLACK_OPENING_MIN_S) {
    const d = Math.min(C.HOOK_BLACK_LOSS_CAP, blackOpen.end_s * C.HOOK_BLACK_LOSS_PER_S);
    parts.push({ code: 'black_opening', delta: d, text: `black screen for the first ${blackOpen.end_s.toFixed(1)} s` });
  }
  const staticOpen = [...m.static_segments, ...m.frozen_segments].find((s) => s.start_s <= 0.3);
  const speechInOpen = coverage(m.speech_segments, 0, hookEnd) > 0.5;
  if (!blackOpen && staticOpen && staticOpen.end_s >= C.FROZEN_OPENING_MIN_S && !speechInOpen) {
    // "Nobody speaking" holds until the first words, as in the frozen-opening finding.
    const still = Math.min(staticOpen.end_s, m.duration_s, first ?? Infinity);
    parts.push({ code: 'frozen_opening', delta: C.HOOK_FROZEN_LOSS, text: `still picture for the first ${still.toFixed(1)} s with nobody speaking` });
  } else if (!cutEarly && !motionEarly) {
    // Speech carries an opening on its own (talking head); a still picture then costs half.
    const delta = speechInOpen ? C.HOOK_NO_VISUAL_CHANGE_LOSS / 2 : C.HOOK_NO_VISUAL_CHANGE_LOSS;
    parts.push({ code: 'no_visual_change', delta, text: `no cut or movement in the first ${hookEnd.toFixed(0)} s` });
  }
  if (hasAudibleSound(m)) {
    const open = m.loudness.track.slice(0, Math.ceil(hookEnd));
    const mean = open.length ? 10 * Math.log10(open.reduce((a, v) => a + 10 ** (v / 10), 0) / open.length) : -70;
    if (mean < C.HOOK_QUIET_LUFS) parts.push({ code: 'quiet_opening', delta: C.HOOK_QUIET_LOSS, text: `opening ${hookEnd.toFixed(0)} s average ${mean.toFixed(0)} LUFS` });
  }
  if (hasSpeech && first !== null && first <= C.HOOK_STRONG_SPEECH_S && (cutEarly || motionEarly)) {
    parts.push({ code: 'strong_opening', delta: C.HOOK_STRONG_BONUS, text: `speaking from ${first.toFixed(1)} s with movement` });
  }
  const loss = clamp(C.HOOK_LOSS_BASE + parts.reduce((a, p) => a + p.delta, 0), C.HOOK_LOSS_MIN, C.HOOK_LOSS_MAX);
  return { loss, windowS: W, parts };
}

/** Samples a segment-based hazard into per-second values with a grace period and linear ramp. */
function rampHazard(
  seg: Segment,
  level: number,
  grace: number,
  ramp: number,
  secs: number,
  skipBefore: number,
  weight: (t: number) => number = () => 1,
): Map<number, number> {
  const out = new Map<number, number>();
  const SUB = 4;
  for (let i = Math.max(0, Math.floor(seg.start_s)); i < Math.min(secs, Math.ceil(seg.end_s)); i++) {
    let acc = 0;
    for (let k = 0; k < SUB; k++) {
      const t = i + (k + 0.5) / SUB;
      if (t < seg.start_s || t >= seg.end_s || t < skipBefore) continue;
      const tau = t - seg.start_s;
      const f = ramp > 0 ? clamp((tau - grace) / ramp, 0, 1) : tau >= grace ? 1 : 0;
      acc += (f * level * weight(t)) / SUB;
    }
    if (acc > 0) out.set(i, acc);
  }
  return out;
}

export function buildSources(sig: VideoSignals, hookWindowS: number): PenaltySource[] {
  const m = sig.metrics;
  const secs = Math.max(1, Math.ceil(m.duration_s - 1e-6));
  const sources: PenaltySource[] = [];
  const speaking = (t: number) => inAny(m.speech_segments, t);
  // Natural pauses between sentences belong to the talk: within TALK_CONTEXT_S of speech, a still picture is a talking head.
  const talking = (t: number) => m.speech_segments.some((g) => t >= g.start_s - C.TALK_CONTEXT_S && t < g.end_s + C.TALK_CONTEXT_S);
  const statics = sig.statics;
  const audible = sig.audible;
  const silent = (t: number) => audible && inAny(m.silences, t);
  const still = (t: number) => inAny(statics, t);
  // The opening seconds are covered by the hook assessment (which looks at the first 3 s at most).
  const skip = Math.min(hookWindowS, 3);
  // A silent track is one finding (no sound, a global modifier), not dead air from start to end.
  for (const s of audible ? m.silences : []) {
    if (s.end_s <= skip) continue;
    const hz = rampHazard(s, C.DEAD_AIR_HAZARD, C.DEAD_AIR_GRACE_S, C.DEAD_AIR_RAMP_S, secs, skip, (t) => (still(t) ? C.DEAD_AND_STATIC_MULT : 1));
    if (hz.size) sources.push({ key: `dead_air@${s.start_s}`, kind: 'dead_air', start_s: s.start_s, end_s: s.end_s, hazard: hz });
  }
  for (const s of statics) {
    if (s.end_s <= skip) continue;
    const hz = rampHazard(s, C.STATIC_HAZARD, C.STATIC_GRACE_S, C.STATIC_RAMP_S, secs, skip, (t) =>
      talking(t) ? C.STATIC_WITH_SPEECH_FACTOR : silent(t) ? C.DEAD_AND_STATIC_MULT : 1,
    );
    if (hz.size) sources.push({ key: `static@${s.start_s}`, kind: 'static', start_s: s.start_s, end_s: s.end_s, hazard: hz });
  }
  for (const s of m.black_segments) {
    if (s.end_s <= skip) continue;
    const hz = rampHazard(s, C.BLACK_HAZARD, C.BLACK_GRACE_S, 0, secs, skip);
    if (hz.size) sources.push({ key: `black@${s.start_s}`, kind: 'black', start_s: s.start_s, end_s: s.end_s, hazard: hz });
  }
  for (const s of sig.lowEnergy) {
    if (s.end_s <= skip) continue;
    const hz = rampHazard(s, C.LOW_ENERGY_HAZARD, 1, 1, secs, skip);
    if (hz.size) sources.push({ key: `low_energy@${s.start_s}`, kind: 'low_energy', start_s: s.start_s, end_s: s.end_s, hazard: hz });
  }
  for (const l of sig.lulls) {
    if (l.end_s <= skip) continue;
    const threshold = l.threshold_s;
    const hz = rampHazard(l, C.LULL_HAZARD, threshold, 2, secs, skip, (t) => (speaking(t) ? 0.2 : 1));
    if (hz.size) sources.push({ key: `lull@${l.start_s}`, kind: 'lull', start_s: l.start_s, end_s: l.end_s, hazard: hz });
  }
  return sources;
}

export function globalModifiers(sig: VideoSignals): Map<GlobalModifier, number> {
  const m = sig.metrics;
  const mods = new Map<GlobalModifier, number>();
  const target = sig.preset.targetLufs;
  const audible = sig.audible;
  if (!audible) mods.set('no_audio', C.NO_AUDIO_HAZARD_MULT);
  const I = m.loudness.integrated_lufs;
  if (audible && I !== null && I < target - C.QUIET_MARGIN_LU) {
    mods.set('quiet', Math.min(C.QUIET_HAZARD_MULT_MAX, 1 + C.QUIET_HAZARD_MULT_PER_LU * (target - C.QUIET_MARGIN_LU - I)));
  }
  const vq = sig.visual;
  if (vq.dark) mods.set('dark', C.DARK_HAZARD_MULT);
  if (vq.washedOut) mods.set('washed_out', C.WASHED_HAZARD_MULT);
  // Peaks as played: the platform turns a loud mix down to its target, peaks included.
  const played = m.loudness.true_peak_dbtp !== null ? m.loudness.true_peak_dbtp - Math.max(0, (I ?? target) - target) : null;
  if (audible && played !== null && played > C.CLIP_TRUE_PEAK_DBTP) mods.set('clipping', C.CLIPPING_HAZARD_MULT);
  return mods;
}

export function runModel({ metrics: m, platform, signals, calibration = IDENTITY_CALIBRATION }: ModelInput): ModelResult {
  const sig = signals ?? computeSignals(m, platform);
  const preset = PLATFORM_PRESETS[platform];
  const secs = Math.max(1, Math.ceil(m.duration_s - 1e-6));
  const hook = assessHook(m, platform);
  // Calibrated penalties scale each source's hazard, so drop-off losses and segment ratings agree with the curve.
  const k = calibration.penalty_mult;
  const sources = buildSources(sig, hook.windowS).map((s) => (k === 1 ? s : { ...s, hazard: new Map([...s.hazard].map(([i, h]) => [i, h * k])) }));
  const modifiers = globalModifiers(sig);
  const engagement = engagementTrack(m);
  const baseline: number[] = [];
  for (let i = 0; i < secs; i++) {
    const mult = C.ENGAGE_MULT_MAX - C.ENGAGE_MULT_SPAN * engagement[i];
    baseline.push((preset.baseHazard / (1 + (i + 0.5) / preset.baseTauS)) * mult);
  }
  const width = (i: number) => clamp(m.duration_s - i, 0, 1) || 1;
  const curve = (opts: CurveOptions = {}) => {
    let g = calibration.decay_mult;
    for (const [k, v] of modifiers) if (!opts.disabledModifiers?.has(k)) g *= v;
    const hookLoss = opts.idealHook ? Math.min(hook.loss, C.HOOK_LOSS_BASE + C.HOOK_STRONG_BONUS) : hook.loss;
    const hookRate = (calibration.hook_mult * -Math.log(1 - hookLoss)) / hook.windowS;
    // The calibrated start level is an extra loss spread over the first second (the curve still starts at 100 %).
    const startHazard = -Math.log(calibration.start_level) / width(0);
    const hz: number[] = [];
    const surv: number[] = [1];
    for (let i = 0; i < secs; i++) {
      let h = baseline[i] * g;
      if (i === 0) h += startHazard;
      if (i < hook.windowS) h += hookRate * Math.min(1, hook.windowS - i);
      for (const s of sources) if (!opts.disabledSources?.has(s.key)) h += s.hazard.get(i) ?? 0;
      hz.push(h);
      surv.push(surv[i] * Math.exp(-h * width(i)));
    }
    let area = 0;
    for (let i = 0; i < secs; i++) area += ((surv[i] + surv[i + 1]) / 2) * width(i);
    return { survival: surv, avgWatched: area / Math.max(m.duration_s, 1e-6), hazard: hz };
  };
  const base = curve();
  return {
    platform,
    signals: sig,
    secs,
    hook,
    sources,
    modifiers,
    survival: base.survival,
    hazard: base.hazard,
    baseline,
    engagement,
    avgWatched: base.avgWatched,
    calibration,
    curve: (o) => {
      const r = curve(o);
      return { survival: r.survival, avgWatched: r.avgWatched };
    },
  };
}
