/**
 * Made-up but realistic measurements of a video and re-cuts of it, for the comparison's unit tests and seeded browser
 * reports: a seeded random walk of audio energy and picture (like speech over a moving shot), cut the way an editor
 * cuts (pieces kept in some order), with the per-second tracks and segments the rules read derived from it.
 */
import type { Metrics, Segment } from '@preflight/shared';
import { metricsFixture } from './metrics-fixture';

export interface ContentSource {
  /** dBFS at 10 Hz. */
  audio: number[];
  /** Mean luma and its change at 4 Hz. */
  luma: number[];
  motion: number[];
}

export function contentSource(durationS: number, seed: number): ContentSource {
  // mulberry32: a full-period 32-bit generator (a float LCG loses precision and repeats within minutes of content)
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const audio: number[] = [];
  // Each source starts somewhere of its own, like real footage (an inserted clip does not start at the others' level).
  let level = -50 + 40 * rand();
  for (let i = 0; i < durationS * 10; i++) {
    level = Math.max(-60, Math.min(-10, level + (rand() - 0.5) * 8));
    audio.push(rand() < 0.15 ? -70 : level);
  }
  const luma: number[] = [];
  const motion: number[] = [];
  let y = 30 + 180 * rand();
  for (let i = 0; i < durationS * 4; i++) {
    const jump = rand() < 0.03 ? (rand() - 0.5) * 120 : (rand() - 0.5) * 6;
    const next = Math.max(10, Math.min(240, y + jump));
    motion.push(Math.abs(next - y));
    luma.push((y = next));
  }
  return { audio, luma, motion };
}

/** Silence and a still picture over [from, to): a dead stretch. */
export function deadStretch(src: ContentSource, from: number, to: number): ContentSource {
  const audio = src.audio.map((v, i) => (i >= from * 10 && i < to * 10 ? -90 : v));
  const still = src.luma[Math.round(from * 4)] ?? 100;
  const luma = src.luma.map((v, i) => (i >= from * 4 && i < to * 4 ? still : v));
  const motion = src.motion.map((v, i) => (i >= from * 4 && i < to * 4 ? 0 : v));
  return { audio, luma, motion };
}

/** Keeps the pieces [from, to) (seconds) of a source, in the order given: an edit. */
export function recut(src: ContentSource, pieces: Array<[number, number]>): ContentSource {
  const take = (xs: number[], hz: number) => pieces.flatMap(([f, t]) => xs.slice(Math.round(f * hz), Math.round(t * hz)));
  return { audio: take(src.audio, 10), luma: take(src.luma, 4), motion: take(src.motion, 4) };
}

/** Runs of samples (at `hz`) that satisfy `test`, at least `minS` long. */
function runs(xs: number[], hz: number, test: (v: number) => boolean, minS: number): Segment[] {
  const out: Segment[] = [];
  let start: number | null = null;
  xs.forEach((v, i) => {
    if (test(v) && start === null) start = i;
    if ((!test(v) || i === xs.length - 1) && start !== null) {
      const end = test(v) ? i + 1 : i;
      if ((end - start) / hz >= minS) out.push({ start_s: start / hz, end_s: end / hz });
      start = null;
    }
  });
  return out;
}

const perSecond = (xs: number[], hz: number) =>
  Array.from({ length: Math.ceil(xs.length / hz) }, (_, i) => {
    const part = xs.slice(i * hz, (i + 1) * hz);
    return part.reduce((t, v) => t + v, 0) / part.length;
  });

/** Metrics as the engine would measure them: speech wherever there is sound, silences and stills where there is none. */
export function metricsOfSource(src: ContentSource): Metrics {
  const duration = src.audio.length / 10;
  const silences = runs(src.audio, 10, (v) => v <= -80, 0.5);
  const speech = runs(src.audio, 10, (v) => v > -80, 0.3);
  return metricsFixture({
    duration_s: duration,
    speech_segments: speech,
    silences,
    static_segments: runs(src.motion, 4, (v) => v < 0.5, 2),
    loudness: { integrated_lufs: -16, true_peak_dbtp: -2, loudness_range_lu: 6, track: perSecond(src.audio, 10).map((v) => Math.max(-70, v)) },
    tracks: {
      interval_s: 1,
      motion: perSecond(src.motion, 4),
      brightness: perSecond(src.luma, 4),
      saturation: perSecond(src.luma, 4).map(() => 40),
      contrast: perSecond(src.luma, 4).map(() => 120),
    },
    fingerprint: { audio_rate_hz: 10, audio_db: src.audio, video_rate_hz: 4, luma: src.luma, motion: src.motion },
  });
}
