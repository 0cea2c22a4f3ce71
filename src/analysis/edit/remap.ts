/**
 * The measured signals of the edited timeline: the removed ranges taken out and every time moved to where it now
 * plays. The retention model and the rules then run on these as on any video (no stretched copy of the first curve).
 *
 * Edit points are not counted as hard cuts: a jump cut of the same framing is not the change of picture a cut is, so
 * the model gives the edit no credit for "fresh cuts" it did not measure.
 */
import type { Metrics, Segment } from '@preflight/shared';
import type { Transcript } from '../rules/candidates';
import { TimeMap, union } from './ranges';

const r3 = (v: number) => Math.round(v * 1000) / 1000;

function segments(map: TimeMap, segs: readonly Segment[]): Segment[] {
  return union(segs.flatMap((s) => map.segment(s))).map((s) => ({ start_s: r3(s.start_s), end_s: r3(s.end_s) })).filter((s) => s.end_s > s.start_s);
}

/** A track sampled at `rate` per second, resampled onto the edited timeline (each new sample from its source moment). */
function track(map: TimeMap, values: readonly number[], rate: number): number[] {
  const n = Math.ceil(map.durationS * rate - 1e-6);
  const out: number[] = new Array(Math.max(0, n));
  for (let i = 0; i < n; i++) {
    const src = map.toSource(Math.min((i + 0.5) / rate, map.durationS - 1e-6));
    out[i] = values[Math.min(values.length - 1, Math.floor(src * rate))] ?? 0;
  }
  return values.length ? out : [];
}

function moments<T extends { time_s: number }>(map: TimeMap, items: readonly T[] | undefined): T[] | undefined {
  return items?.filter((x) => map.keeps(x.time_s)).map((x) => ({ ...x, time_s: r3(map.toEdited(x.time_s)) }));
}

export function editMetrics(m: Metrics, map: TimeMap): Metrics {
  const D = r3(map.durationS);
  const cuts = m.cuts.filter((c) => map.keeps(c) && c > 0).map((c) => r3(map.toEdited(c))).filter((c) => c > 0 && c < D);
  const bounds = [0, ...cuts, D];
  const shots = bounds.slice(1).map((b, i) => b - bounds[i]).sort((a, b) => a - b);
  const speech = segments(map, m.speech_segments);
  const spoken = speech.reduce((a, s) => a + s.end_s - s.start_s, 0);
  const classes = (['speech', 'music', 'other', 'silence'] as const).flatMap((cls) =>
    segments(map, m.audio_classes.filter((g) => g.class === cls)).map((s) => ({ ...s, class: cls })),
  );
  const tracks = m.tracks;
  const edited: Metrics = {
    ...m,
    duration_s: D,
    cuts,
    median_shot_s: r3(shots[Math.floor(shots.length / 2)] ?? D),
    speech_segments: speech,
    first_speech_s: speech.length ? speech[0].start_s : null,
    last_speech_end_s: speech.length ? speech[speech.length - 1].end_s : null,
    speech_ratio: r3(Math.min(1, spoken / Math.max(D, 1e-6))),
    silences: segments(map, m.silences),
    audio_classes: classes.sort((a, b) => a.start_s - b.start_s),
    black_segments: segments(map, m.black_segments),
    frozen_segments: segments(map, m.frozen_segments),
    static_segments: segments(map, m.static_segments),
    loudness: { ...m.loudness, track: track(map, m.loudness.track, 1) },
    tracks: {
      interval_s: 1,
      motion: track(map, tracks.motion, 1),
      brightness: track(map, tracks.brightness, 1),
      saturation: track(map, tracks.saturation, 1),
      contrast: track(map, tracks.contrast, 1),
    },
    // The fingerprint aligns two cuts of one video (compare); nothing the model reads.
    fingerprint: undefined,
  };
  if (m.on_screen_text) edited.on_screen_text = moments(map, m.on_screen_text);
  if (m.faces) edited.faces = moments(map, m.faces);
  if (m.vision_frames_s) edited.vision_frames_s = m.vision_frames_s.filter((t) => map.keeps(t)).map((t) => r3(map.toEdited(t)));
  return edited;
}

export function editTranscript(t: Transcript | null, map: TimeMap): Transcript | null {
  if (!t) return null;
  const timed = <T extends Segment>(xs: readonly T[]) =>
    xs.flatMap((x) => {
      const parts = map.segment(x);
      return parts.length ? [{ ...x, start_s: r3(parts[0].start_s), end_s: r3(parts[parts.length - 1].end_s) }] : [];
    });
  return { ...t, segments: timed(t.segments), ...(t.words ? { words: timed(t.words) } : {}) };
}
