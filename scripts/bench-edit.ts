/**
 * npm run bench:edit -- [--runs N]   (default 5 runs; medians reported)
 * The proposed edit's speed (issue 42) on a synthetic 1-hour signal set (a talking head: lines of 3-12 s, pauses of
 * 0.3-6 s, a cut every few lines, still stretches, per-second tracks): the proposal with its after-curve as the
 * analysis makes it (the source already modelled), the same from a stored report (the source modelled again, as the
 * API does for a report made before proposals), and the re-computation after the creator moves one edge by a frame
 * (the API's PUT: the list checked, the model and the rules re-run on the edited timeline).
 */
import type { Metrics, Segment } from '@preflight/shared';
import { modelOf, proposeEdit, reviseEdit, type EditSource } from '../src/analysis/edit';

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

/** One hour of a talking head, built from a fixed seed. */
export function hourOfSignals(D = 3600): Metrics {
  const rnd = seeded(42);
  const speech: Segment[] = [];
  const silences: Segment[] = [];
  const cuts: number[] = [];
  const statics: Segment[] = [];
  let t = 1.2;
  silences.push({ start_s: 0, end_s: t });
  let line = 0;
  while (t < D - 20) {
    const len = 3 + rnd() * 9;
    speech.push({ start_s: t, end_s: t + len });
    t += len;
    const pause = rnd() < 0.08 ? 2 + rnd() * 4 : 0.3 + rnd() * 0.9;
    silences.push({ start_s: t, end_s: t + pause });
    if (pause > 2) statics.push({ start_s: t, end_s: t + pause });
    t += pause;
    if (++line % 4 === 0) cuts.push(Math.round(t * 30) / 30);
  }
  silences.push({ start_s: t, end_s: D });
  statics.push({ start_s: t, end_s: D });
  const secs = Math.ceil(D);
  const track = (f: (i: number) => number) => Array.from({ length: secs }, (_, i) => f(i));
  const loud = track((i) => (silences.some((s) => s.start_s <= i && s.end_s >= i + 1) ? -70 : -16 - rnd() * 4));
  const bounds = [0, ...cuts, D];
  const shots = bounds.slice(1).map((b, i) => b - bounds[i]).sort((a, b) => a - b);
  return {
    duration_s: D, width: 1920, height: 1080, aspect_ratio: 1.778, fps: 29.97, has_audio: true, cuts,
    median_shot_s: shots[Math.floor(shots.length / 2)], speech_segments: speech, first_speech_s: speech[0].start_s,
    last_speech_end_s: speech[speech.length - 1].end_s, speech_ratio: speech.reduce((a, s) => a + s.end_s - s.start_s, 0) / D,
    silences, audio_classes: [], black_segments: [], frozen_segments: [], static_segments: statics,
    loudness: { integrated_lufs: -16, true_peak_dbtp: -2, loudness_range_lu: 6, track: loud },
    tracks: { interval_s: 1, motion: track(() => 0.5 + rnd() * 2), brightness: track(() => 110), saturation: track(() => 40), contrast: track(() => 110) },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function time<T>(runs: number, f: () => T): { ms: number; value: T } {
  const ms: number[] = [];
  let value!: T;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    value = f();
    ms.push(performance.now() - t0);
  }
  return { ms: median(ms), value };
}

function main() {
  const at = process.argv.indexOf('--runs');
  const runs = at >= 0 ? Number(process.argv[at + 1]) : 5;
  const source: EditSource = { metrics: hourOfSignals(), platform: 'youtube', calibration: null, transcript: null };
  const before = modelOf(source);
  const analysis = time(runs, () => proposeEdit(source, {}, before));
  const stored = time(runs, () => proposeEdit(source));
  const edit = analysis.value;
  const enabled = edit.cuts.findIndex((c) => c.kind === 'dead_air');
  const moved = edit.cuts.map((c, i) => ({ start_s: i === enabled ? c.start_s + 1 / 29.97 : c.start_s, end_s: c.end_s, enabled: c.enabled }));
  const revise = time(runs, () => reviseEdit(source, edit, { cuts: moved }));
  const reviseModelled = time(runs, () => reviseEdit(source, edit, { cuts: moved }, before));
  if (!revise.value.ok) throw new Error(revise.value.message);
  console.log(`bench:edit — a 1-hour synthetic signal set (${source.metrics.speech_segments.length} speech segments, ${source.metrics.silences.length} silences, ${source.metrics.cuts.length} cuts), median of ${runs}\n`);
  console.log(`| step | time |\n|---|---|`);
  console.log(`| proposal + after-curve, in the analysis (source already modelled): ${edit.cuts.length} cuts, ${edit.kept_seconds.toFixed(0)} s kept | ${analysis.ms.toFixed(0)} ms |`);
  console.log(`| proposal + after-curve from a stored report (source modelled again) | ${stored.ms.toFixed(0)} ms |`);
  console.log(`| re-computation after moving one edge by a frame (PUT: check + model + rules on the edited timeline, source modelled again) | ${revise.ms.toFixed(0)} ms |`);
  console.log(`| the same with the source's model kept | ${reviseModelled.ms.toFixed(0)} ms |`);
}

if (require.main === module) main();
