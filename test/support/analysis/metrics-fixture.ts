/** Builds a Metrics object for unit tests (pure data; no media). */
import type { Metrics } from '@preflight/shared';

export function metricsFixture(p: Partial<Metrics> & { duration_s: number }): Metrics {
  const secs = Math.ceil(p.duration_s);
  const fill = (v: number) => Array.from({ length: secs }, () => v);
  const speech = p.speech_segments ?? [];
  const base: Metrics = {
    duration_s: p.duration_s,
    width: 1080,
    height: 1920,
    aspect_ratio: 0.5625,
    fps: 30,
    has_audio: true,
    cuts: [],
    median_shot_s: p.duration_s,
    speech_segments: speech,
    first_speech_s: speech.length ? speech[0].start_s : null,
    last_speech_end_s: speech.length ? speech[speech.length - 1].end_s : null,
    speech_ratio: Math.min(1, speech.reduce((a, s) => a + s.end_s - s.start_s, 0) / p.duration_s),
    silences: [],
    audio_classes: [],
    black_segments: [],
    frozen_segments: [],
    static_segments: [],
    loudness: { integrated_lufs: -14, true_peak_dbtp: -2, loudness_range_lu: 5, track: fill(-14) },
    tracks: { interval_s: 1, motion: fill(4), brightness: fill(110), saturation: fill(40), contrast: fill(120) },
  };
  const m = { ...base, ...p };
  if (p.cuts && p.median_shot_s === undefined) {
    const b = [0, ...p.cuts, p.duration_s];
    const shots = b.slice(1).map((x, i) => x - b[i]).sort((a, c) => a - c);
    m.median_shot_s = shots[Math.floor(shots.length / 2)];
  }
  return m;
}
