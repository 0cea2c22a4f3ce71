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

export interface ModelInput {
  metrics: Metrics;
  platform: Platform;
}

export interface CurveOptions {
  disabledSources?: ReadonlySet<string>;
  disabledModifiers?: ReadonlySet<GlobalModifier>;
  /** Replace the hook loss by the base (as if the opening were fixed). */
  idealHook?: boolean;
}

export interface ModelResult {
  platform: Platform;
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
  curve(opts: CurveOptions): { survival: number[]; avgWatched: number };
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

export function overlap(a: Segment, s: number, e: number): number {
  return Math.max(0, Math.min(a.end_s, e) - Math.max(a.start_s, s));
}
export function coverage(segs: Segment[], s: number, e: number): number {
  let c = 0;
  for (const g of segs) c += overlap(g, s, e);
  return c;
}
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

/**
 * Whether the video has anything to hear: an audio stream whose integrated loudness is above the silent-track floor.
 * A track of digital silence (or inaudible hiss) is treated like no audio at all: the finding is "no sound", not
 * "too quiet" or "dead air everywhere".
 */
export function hasAudibleSound(m: Pick<Metrics, 'has_audio' | 'loudness'>): boolean {
  if (!m.has_audio) return false;
  const I = m.loudness.integrated_lufs;
  return I !== null ? I > C.SILENT_TRACK_MAX_LUFS : m.loudness.track.some((v) => v > C.SILENT_TRACK_MAX_LUFS);
}

/** The active-audio median loudness (seconds louder than -50 LUFS). */
export function activeLoudnessMedian(m: Metrics): number | null {
  const xs = m.loudness.track.filter((v) => v > -50).sort((a, b) => a - b);
  return xs.length ? xs[Math.floor(xs.length / 2)] : null;
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
  const motionEarly = m.tracks.motion.slice(0, Math.ceil(hookEnd)).some((v) => v >= C.STATIC_MOTION_MAX * 2);
  const blackOpen = m.black_segments.find((b) => b.start_s <= 0.1);
  if (blackOpen && blackOpen.end_s >= C.BLACK_OPENING_MIN_S) {
    const d = Math.min(C.HOOK_BLACK_LOSS_CAP, blackOpen.end_s * C.HOOK_BLACK_LOSS_PER_S);
    parts.push({ code: 'black_opening', delta: d, text: `black screen for the first ${blackOpen.end_s.toFixed(1)} s` });
  }
  const staticOpen = [...m.static_segments, ...m.frozen_segments].find((s) => s.start_s <= 0.3);
  const speechInOpen = coverage(m.speech_segments, 0, hookEnd) > 0.5;
  if (!blackOpen && staticOpen && staticOpen.end_s >= C.FROZEN_OPENING_MIN_S && !speechInOpen) {
    parts.push({ code: 'frozen_opening', delta: C.HOOK_FROZEN_LOSS, text: `still picture for the first ${Math.min(staticOpen.end_s, m.duration_s).toFixed(1)} s with nobody speaking` });
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

export function buildSources(m: Metrics, hookWindowS: number): PenaltySource[] {
  const secs = Math.max(1, Math.ceil(m.duration_s - 1e-6));
  const sources: PenaltySource[] = [];
  const speaking = (t: number) => inAny(m.speech_segments, t);
  // Natural pauses between sentences belong to the talk: within TALK_CONTEXT_S of speech, a still picture is a talking head.
  const talking = (t: number) => m.speech_segments.some((g) => t >= g.start_s - C.TALK_CONTEXT_S && t < g.end_s + C.TALK_CONTEXT_S);
  const statics = mergeSegments([...m.static_segments, ...m.frozen_segments]);
  const audible = hasAudibleSound(m);
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
  for (const s of lowEnergySegments(m)) {
    if (s.end_s <= skip) continue;
    const hz = rampHazard(s, C.LOW_ENERGY_HAZARD, 1, 1, secs, skip);
    if (hz.size) sources.push({ key: `low_energy@${s.start_s}`, kind: 'low_energy', start_s: s.start_s, end_s: s.end_s, hazard: hz });
  }
  for (const l of pacingLulls(m)) {
    if (l.end_s <= skip) continue;
    const threshold = l.threshold_s;
    const hz = rampHazard(l, C.LULL_HAZARD, threshold, 2, secs, skip, (t) => (speaking(t) ? 0.2 : 1));
    if (hz.size) sources.push({ key: `lull@${l.start_s}`, kind: 'lull', start_s: l.start_s, end_s: l.end_s, hazard: hz });
  }
  return sources;
}

export function mergeSegments(segs: Segment[]): Segment[] {
  const s = [...segs].sort((a, b) => a.start_s - b.start_s);
  const out: Segment[] = [];
  for (const g of s) {
    const last = out[out.length - 1];
    if (last && g.start_s <= last.end_s + 0.05) last.end_s = Math.max(last.end_s, g.end_s);
    else out.push({ ...g });
  }
  return out;
}

/** Runs of >= LOW_ENERGY_MIN_S seconds far below the video's own active loudness, with nobody speaking and not silent. */
export function lowEnergySegments(m: Metrics): Segment[] {
  const med = activeLoudnessMedian(m);
  if (med === null) return [];
  const out: Segment[] = [];
  let start = -1;
  const n = m.loudness.track.length;
  for (let i = 0; i <= n; i++) {
    const low =
      i < n &&
      m.loudness.track[i] < med - C.LOW_ENERGY_DROP_LU &&
      coverage(m.speech_segments, i, i + 1) < 0.3 &&
      coverage(m.silences, i, i + 1) < 0.5;
    if (low && start < 0) start = i;
    if (!low && start >= 0) {
      if (i - start >= C.LOW_ENERGY_MIN_S) out.push({ start_s: start, end_s: Math.min(i, m.duration_s) });
      start = -1;
    }
  }
  return out;
}

/** Shots much longer than the video's own median shot (needs >= 3 cuts to know its rhythm). */
export function pacingLulls(m: Metrics): Array<Segment & { threshold_s: number; shot_s: number }> {
  if (m.cuts.length < 3) return [];
  const threshold = Math.max(C.LULL_MIN_S, C.LULL_SHOT_MULT * m.median_shot_s);
  const bounds = [0, ...m.cuts, m.duration_s];
  const out: Array<Segment & { threshold_s: number; shot_s: number }> = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const len = bounds[i + 1] - bounds[i];
    if (len >= threshold) out.push({ start_s: bounds[i], end_s: bounds[i + 1], threshold_s: threshold, shot_s: len });
  }
  return out;
}

export function globalModifiers(m: Metrics, platform: Platform): Map<GlobalModifier, number> {
  const mods = new Map<GlobalModifier, number>();
  const target = PLATFORM_PRESETS[platform].targetLufs;
  const audible = hasAudibleSound(m);
  if (!audible) mods.set('no_audio', C.NO_AUDIO_HAZARD_MULT);
  const I = m.loudness.integrated_lufs;
  if (audible && I !== null && I < target - C.QUIET_MARGIN_LU) {
    mods.set('quiet', Math.min(C.QUIET_HAZARD_MULT_MAX, 1 + C.QUIET_HAZARD_MULT_PER_LU * (target - C.QUIET_MARGIN_LU - I)));
  }
  const vq = visualQuality(m);
  if (vq.dark) mods.set('dark', C.DARK_HAZARD_MULT);
  if (vq.washedOut) mods.set('washed_out', C.WASHED_HAZARD_MULT);
  // Peaks as played: the platform turns a loud mix down to its target, peaks included.
  const played = m.loudness.true_peak_dbtp !== null ? m.loudness.true_peak_dbtp - Math.max(0, (I ?? target) - target) : null;
  if (audible && played !== null && played > C.CLIP_TRUE_PEAK_DBTP) mods.set('clipping', C.CLIPPING_HAZARD_MULT);
  return mods;
}

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};
export function visualQuality(m: Metrics) {
  const y = median(m.tracks.brightness);
  const con = median(m.tracks.contrast);
  return {
    medianBrightness: y,
    medianContrast: con,
    // Low-key footage (a night scene, a dark stage) keeps detail: bright highlights over dark shadows give a wide
    // 10th-90th percentile spread. Only a dark picture WITHOUT that detail is underexposed.
    lowKey: m.tracks.brightness.length > 0 && y < C.DARK_MEDIAN_Y && con >= C.LOW_KEY_MIN_CONTRAST,
    dark: m.tracks.brightness.length > 0 && y < C.DARK_MEDIAN_Y && con < C.LOW_KEY_MIN_CONTRAST,
    veryDark: m.tracks.brightness.length > 0 && y < C.DARK_HIGH_MEDIAN_Y && con < C.LOW_KEY_MIN_CONTRAST,
    washedOut: m.tracks.contrast.length > 0 && con < C.WASHED_CONTRAST_MAX && y > C.WASHED_BRIGHTNESS_MIN,
  };
}

export function runModel({ metrics: m, platform }: ModelInput): ModelResult {
  const preset = PLATFORM_PRESETS[platform];
  const secs = Math.max(1, Math.ceil(m.duration_s - 1e-6));
  const hook = assessHook(m, platform);
  const sources = buildSources(m, hook.windowS);
  const modifiers = globalModifiers(m, platform);
  const engagement = engagementTrack(m);
  const baseline: number[] = [];
  for (let i = 0; i < secs; i++) {
    const mult = C.ENGAGE_MULT_MAX - C.ENGAGE_MULT_SPAN * engagement[i];
    baseline.push((preset.baseHazard / (1 + (i + 0.5) / preset.baseTauS)) * mult);
  }
  const width = (i: number) => clamp(m.duration_s - i, 0, 1) || 1;
  const curve = (opts: CurveOptions = {}) => {
    let g = 1;
    for (const [k, v] of modifiers) if (!opts.disabledModifiers?.has(k)) g *= v;
    const hookLoss = opts.idealHook ? Math.min(hook.loss, C.HOOK_LOSS_BASE + C.HOOK_STRONG_BONUS) : hook.loss;
    const hookRate = -Math.log(1 - hookLoss) / hook.windowS;
    const hz: number[] = [];
    const surv: number[] = [1];
    for (let i = 0; i < secs; i++) {
      let h = baseline[i] * g;
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
    secs,
    hook,
    sources,
    modifiers,
    survival: base.survival,
    hazard: base.hazard,
    baseline,
    engagement,
    avgWatched: base.avgWatched,
    curve: (o) => {
      const r = curve(o);
      return { survival: r.survival, avgWatched: r.avgWatched };
    },
  };
}
