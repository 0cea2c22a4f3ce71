/**
 * Signals derived from the measured metrics, computed ONCE per analysis and passed on to the retention model, the
 * rules and the report: merged still stretches, whether there is anything to hear, low-energy stretches, pacing lulls
 * and picture quality. The model and the rules read these values; neither recomputes them.
 */
import type { Metrics, Segment } from '@preflight/shared';
import { C, PLATFORM_PRESETS, type Platform, type PlatformPreset } from './constants';

export interface Lull extends Segment {
  /** Shot length from which a shot counts as a lull in this video. */
  threshold_s: number;
  shot_s: number;
}

export interface VisualQuality {
  medianBrightness: number;
  medianContrast: number;
  /** A flat card of one colour (no tonal range): there is no exposure or contrast to fix, so neither is judged. */
  flat: boolean;
  lowKey: boolean;
  dark: boolean;
  veryDark: boolean;
  washedOut: boolean;
}

export interface VideoSignals {
  metrics: Metrics;
  platform: Platform;
  preset: PlatformPreset;
  /** Static and frozen stretches, merged: where the picture does not change. */
  statics: Segment[];
  /** The audio track carries something to hear (see hasAudibleSound). */
  audible: boolean;
  /** Median loudness of the seconds with sound (LUFS), null when nothing is louder than -50 LUFS. */
  activeLoudness: number | null;
  lowEnergy: Segment[];
  lulls: Lull[];
  visual: VisualQuality;
}

export function computeSignals(m: Metrics, platform: Platform): VideoSignals {
  return {
    metrics: m,
    platform,
    preset: PLATFORM_PRESETS[platform],
    statics: splitAtCuts(mergeSegments([...m.static_segments, ...m.frozen_segments]), m.cuts),
    audible: hasAudibleSound(m),
    activeLoudness: activeLoudnessMedian(m),
    lowEnergy: lowEnergySegments(m),
    lulls: pacingLulls(m),
    visual: visualQuality(m),
  };
}

export function overlap(a: Segment, s: number, e: number): number {
  return Math.max(0, Math.min(a.end_s, e) - Math.max(a.start_s, s));
}
export function coverage(segs: Segment[], s: number, e: number): number {
  let c = 0;
  for (const g of segs) c += overlap(g, s, e);
  return c;
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

/**
 * Still stretches never run across a cut: two still shots either side of one are two stretches, each "without a cut"
 * as the findings about them say (a cut within CLAIM_CUT_MARGIN_S of an end is the stretch's own edge).
 */
export function splitAtCuts(segs: Segment[], cuts: number[]): Segment[] {
  const out: Segment[] = [];
  for (const g of segs) {
    let start = g.start_s;
    for (const c of cuts) {
      if (c <= start + C.CLAIM_CUT_MARGIN_S || c >= g.end_s - C.CLAIM_CUT_MARGIN_S) continue;
      out.push({ start_s: start, end_s: c });
      start = c;
    }
    out.push({ start_s: start, end_s: g.end_s });
  }
  return out;
}

/**
 * Whether the video has anything to hear: an audio stream that is not digital silence (see digitalSilence). A track
 * of digital silence is treated like no audio at all: the finding is "the track is silent", never "too quiet" (raising
 * silence by 30 dB only turns a stray 50 ms blip into a click) nor "dead air everywhere". A track that is quiet but
 * carries sound (room tone, a far-off voice) is audible: it is too quiet, not silent.
 */
export function hasAudibleSound(m: SoundInput): boolean {
  if (!m.has_audio) return false;
  return digitalSilence(m) === null;
}

/** What the sound judgements read: the stream, its loudness and its 100 ms energy envelope (when kept). */
export type SoundInput = Pick<Metrics, 'has_audio' | 'loudness' | 'duration_s'> & { fingerprint?: { audio_db?: number[]; audio_rate_hz?: number } | null };

export interface DigitalSilence {
  /** Seconds of the track with any sound at all (a stray blip or click), 0 for pure zeros. */
  soundS: number;
  /** Where that sound is (s), or null. */
  soundAt: number | null;
}

/**
 * A track that carries digital silence (all, or all but a blip, of its samples zero) — null when it carries sound.
 * Judged on the 100 ms energy envelope (signals/audio-features.ts: digital zeros sit at its -90 dBFS floor): sound is a
 * block above DIGITAL_SILENCE_BLOCK_DBFS, and a track with less than DIGITAL_SILENCE_MAX_SOUND_S of it is silent. A
 * report made before the envelope was kept falls back to the integrated loudness.
 */
export function digitalSilence(m: SoundInput): DigitalSilence | null {
  if (!m.has_audio) return null;
  const env = m.fingerprint?.audio_db ?? [];
  if (!env.length) {
    const I = m.loudness.integrated_lufs;
    const silent = I !== null ? I <= C.SILENT_TRACK_MAX_LUFS : !m.loudness.track.some((v) => v > C.SILENT_TRACK_MAX_LUFS);
    return silent ? { soundS: 0, soundAt: null } : null;
  }
  const rate = m.fingerprint?.audio_rate_hz || 10;
  const loud = env.map((v, i) => ({ v, i })).filter((b) => b.v > C.DIGITAL_SILENCE_BLOCK_DBFS);
  const soundS = loud.length / rate;
  if (soundS >= Math.min(C.DIGITAL_SILENCE_MAX_SOUND_S, m.duration_s * 0.05 + 1e-9) && soundS > 0) return null;
  return { soundS, soundAt: loud.length ? loud[0].i / rate : null };
}

/** The active-audio median loudness (seconds louder than -50 LUFS). */
export function activeLoudnessMedian(m: Metrics): number | null {
  const xs = m.loudness.track.filter((v) => v > -50).sort((a, b) => a - b);
  return xs.length ? xs[Math.floor(xs.length / 2)] : null;
}

/**
 * Changes of picture without a hard cut: the middle of each dip through black after the opening and before the end
 * (a fade out and in, a fade through black between scenes), as blackdetect measured them.
 */
export function fadeChanges(m: Pick<Metrics, 'black_segments' | 'duration_s'>): number[] {
  return m.black_segments.filter((b) => b.start_s > 0.1 && b.end_s < m.duration_s - 0.15).map((b) => (b.start_s + b.end_s) / 2);
}

/**
 * Whether the picture moves or changes in the first `untilS` seconds: a second whose motion reaches the bar that
 * makes a picture "not still" (STATIC_MOTION_MAX, the static detector's own: a glance or a grin on a face close-up
 * reaches it, tripod sensor noise does not), or a fade. The hook rules and the model's hook read this one answer.
 */
export function movesEarly(m: Pick<Metrics, 'tracks' | 'black_segments' | 'duration_s'>, untilS: number): boolean {
  return m.tracks.motion.slice(0, Math.ceil(untilS)).some((v) => v >= C.STATIC_MOTION_MAX) || fadeChanges(m).some((t) => t < untilS);
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
export function pacingLulls(m: Metrics): Lull[] {
  if (m.cuts.length < 3) return [];
  const threshold = Math.max(C.LULL_MIN_S, C.LULL_SHOT_MULT * m.median_shot_s);
  const bounds = [0, ...m.cuts, m.duration_s];
  const out: Lull[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const len = bounds[i + 1] - bounds[i];
    if (len >= threshold) out.push({ start_s: bounds[i], end_s: bounds[i + 1], threshold_s: threshold, shot_s: len });
  }
  return out;
}

const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};
export function visualQuality(m: Metrics): VisualQuality {
  const y = median(m.tracks.brightness);
  const con = median(m.tracks.contrast);
  const flat = m.tracks.contrast.length > 0 && con < C.FLAT_PICTURE_MAX_CONTRAST;
  return {
    medianBrightness: y,
    medianContrast: con,
    flat,
    // Low-key footage (a night scene, a dark stage) keeps detail: bright highlights over dark shadows give a wide
    // 10th-90th percentile spread. Only a dark picture WITHOUT that detail is underexposed.
    lowKey: m.tracks.brightness.length > 0 && y < C.DARK_MEDIAN_Y && con >= C.LOW_KEY_MIN_CONTRAST,
    dark: !flat && m.tracks.brightness.length > 0 && y < C.DARK_MEDIAN_Y && con < C.LOW_KEY_MIN_CONTRAST,
    veryDark: !flat && m.tracks.brightness.length > 0 && y < C.DARK_HIGH_MEDIAN_Y && con < C.LOW_KEY_MIN_CONTRAST,
    washedOut: !flat && m.tracks.contrast.length > 0 && con < C.WASHED_CONTRAST_MAX && y > C.WASHED_BRIGHTNESS_MIN,
  };
}
