/**
 * Findings never contradict each other or the measurements (issue 27 item 5). The consistency pass's own cases, then
 * the report-level oracle (test/support/analysis/contradictions.ts) over many random videos — with and without sound, speech,
 * cuts, flat cards, on-screen text good and garbled — in every feedback style on every platform.
 */
import fc from 'fast-check';
import type { Metrics, Segment } from '@preflight/shared';
import { deriveReport } from '../derive';
import { runModel } from '../model/retention';
import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';
import { contradictions } from '../../../test/support/analysis/contradictions';
import { buildFindings } from './candidates';
import { claimContradiction, mergeRepeats } from './consistency';
import type { Candidate } from './rule';
import { wordsFor } from './wording';

const info = (m: Metrics) => ({
  original_filename: 'x.mp4', duration_seconds: m.duration_s, width: m.width, height: m.height, aspect_ratio: '9:16',
  orientation: 'vertical' as const, rotation: 0, fps: 30, variable_frame_rate: false, video_codec: 'h264', audio_codec: m.has_audio ? 'aac' : null,
  has_audio: m.has_audio, file_size_bytes: 1, container: 'mp4',
});
const derive = (m: Metrics, style: 'gentle' | 'balanced' | 'brutal', platform: 'tiktok' | 'shorts' | 'reels' | 'youtube') =>
  deriveReport({ metrics: m, videoInfo: info(m), style, platform, frames: [{ time_s: 0, path: 'frames/0.jpg' }], transcript: null, analysisSeconds: 1, warnings: [] });
const findings = (m: Metrics, platform: 'tiktok' | 'youtube' = 'tiktok') => buildFindings(m, platform, runModel({ metrics: m, platform }), null);
const fill = (n: number, v: number) => Array.from({ length: n }, () => v);
const silentTrack = (D: number) => ({ integrated_lufs: -70, true_peak_dbtp: null, loudness_range_lu: 0, track: fill(Math.ceil(D), -70) });
const noTrack = { integrated_lufs: null, true_peak_dbtp: null, loudness_range_lu: null, track: [] };

describe('the consistency pass', () => {
  it('a video with no sound gets picture advice for its slow start, never "your first line"', () => {
    for (const loudness of [silentTrack(12), noTrack]) {
      const m = metricsFixture({ duration_s: 12, has_audio: loudness !== noTrack, loudness, tracks: { interval_s: 1, motion: fill(12, 0.8), brightness: fill(12, 110), saturation: fill(12, 40), contrast: fill(12, 120) } });
      const hook = findings(m).shown.find((c) => c.code === 'hook_slow_start')!;
      expect(hook).toBeDefined();
      const w = wordsFor(hook, 'balanced');
      expect(`${w.description} ${w.fix} ${w.short}`).not.toMatch(/first line|first words/);
      expect(w.short).toBe('Open on movement or the payoff within 1 s');
    }
  });

  it('a flat card is neither "washed out" nor "too dark": there is no contrast to fix', () => {
    const card = (y: number) => metricsFixture({ duration_s: 20, speech_segments: [{ start_s: 0.3, end_s: 19 }], tracks: { interval_s: 1, motion: fill(20, 0.2), brightness: fill(20, y), saturation: fill(20, 60), contrast: fill(20, 0) } });
    for (const y of [166, 30]) expect(findings(card(y)).shown.map((c) => c.code)).not.toEqual(expect.arrayContaining([expect.stringMatching(/washed_out|too_dark/)]));
    // A real washed-out picture (tones, but squeezed) still is one.
    const foggy = metricsFixture({ duration_s: 20, speech_segments: [{ start_s: 0.3, end_s: 19 }], tracks: { interval_s: 1, motion: fill(20, 3), brightness: fill(20, 170), saturation: fill(20, 20), contrast: fill(20, 30) } });
    expect(findings(foggy).shown.map((c) => c.code)).toContain('washed_out');
  });

  it('drops a finding whose claim the measurements contradict, and says why', () => {
    const m = metricsFixture({ duration_s: 20, speech_segments: [{ start_s: 5, end_s: 9 }], cuts: [7] });
    expect(claimContradiction({ says: 'no_speech', start_s: 0, end_s: 10 }, m)).toMatch(/someone speaks for 4.0 s/);
    expect(claimContradiction({ says: 'no_speech', start_s: 0, end_s: 5.2 }, m)).toBeNull();
    expect(claimContradiction({ says: 'no_cut', start_s: 4, end_s: 10 }, m)).toMatch(/one at 0:07/);
    expect(claimContradiction({ says: 'no_cut', start_s: 7, end_s: 10 }, m)).toBeNull();
  });

  it('a frozen opening ends at the first words: it never says "nobody speaks" over speech', () => {
    const m = metricsFixture({
      duration_s: 20, speech_segments: [{ start_s: 2.6, end_s: 19 }], static_segments: [{ start_s: 0, end_s: 8 }],
      tracks: { interval_s: 1, motion: fill(20, 0.2), brightness: fill(20, 110), saturation: fill(20, 40), contrast: fill(20, 120) },
    });
    const frozen = findings(m).shown.find((c) => c.code === 'hook_frozen_opening')!;
    expect(frozen.evidence).toBe('the picture does not change for the first 2.6 s and nobody speaks');
    // The model's own account of the hook (the drop-off cause, the summary) says the same.
    expect(runModel({ metrics: m, platform: 'tiktok' }).hook.parts.find((p) => p.code === 'frozen_opening')!.text).toBe('still picture for the first 2.6 s with nobody speaking');
  });

  it('three still, silent stretches are one finding with every moment, not three cards in the top three', () => {
    const m = metricsFixture({
      duration_s: 60,
      speech_segments: [{ start_s: 0.3, end_s: 10 }, { start_s: 16, end_s: 30 }, { start_s: 36, end_s: 50 }, { start_s: 56, end_s: 59.5 }],
      silences: [{ start_s: 10, end_s: 16 }, { start_s: 30, end_s: 36 }, { start_s: 50, end_s: 56 }],
      static_segments: [{ start_s: 10, end_s: 16 }, { start_s: 30, end_s: 36 }, { start_s: 50, end_s: 56 }],
      cuts: [3, 6, 9, 10, 16, 19, 22, 25, 28, 30, 36, 39, 42, 45, 48, 50, 56],
    });
    const { each, shown } = findings(m);
    expect(each.filter((c) => c.code === 'dead_segment')).toHaveLength(3);
    const merged = shown.filter((c) => c.code === 'dead_segment');
    expect(merged).toHaveLength(1);
    expect(merged[0].occurrences!.map((o) => o.time_s)).toEqual([10, 30, 50]);
    expect(wordsFor(merged[0], 'balanced').short).toBe('Cut or cover the 3 still, silent stretches (0:10, 0:30 and 0:50)');
    const r = derive(m, 'brutal', 'tiktok');
    expect(r.overall_score_and_recommendations.top_recommendations.filter((t) => /still, silent/.test(t))).toHaveLength(1);
    expect(r.detailed_analysis.filter((d) => d.id.startsWith('dead-segment'))).toHaveLength(1);
    // Every moment stays in the report (the editor markers mark each).
    expect(r.prevention_analytics.prevention_fixes.find((f) => f.id.startsWith('dead-segment'))).toMatchObject({ timestamp_seconds: 10, moments_seconds: [10, 30, 50] });
    // The score still counts every stretch: fixing one of three is not fixing all.
    const one = metricsFixture({ ...m, silences: m.silences.slice(0, 1), static_segments: m.static_segments.slice(0, 1), speech_segments: [{ start_s: 0.3, end_s: 10 }, { start_s: 16, end_s: 59.5 }] });
    expect(r.overall_score_and_recommendations.overall_performance_score).toBeLessThan(derive(one, 'brutal', 'tiktok').overall_score_and_recommendations.overall_performance_score);
  });

  it('a merge keeps the worst severity, spans every moment and joins the model links', () => {
    const c = (t: number, severity: Candidate['severity'], grade: number): Candidate => ({
      code: 'dead_air', id: `dead-air-${t}`, category: 'retention', severity, grade, problemType: 'audio', time_s: t, end_s: t + 3,
      evidence: `3.0 s of silence from ${t}`, facts: { len: '3.0', at: String(t) }, sources: [`dead_air@${t}`],
    });
    const [m] = mergeRepeats([c(20, 'medium', 1.3), c(5, 'high', 2.1)]);
    expect(m).toMatchObject({ time_s: 5, end_s: 23, severity: 'high', grade: 2.1, sources: ['dead_air@5', 'dead_air@20'] });
    expect(m.facts).toMatchObject({ n: 2, times: '0:05 and 0:20', lens: '3.0 s and 3.0 s', total: '6.0' });
  });

  it('quotes only text read with confidence that reads as words; otherwise "the text at m:ss"', () => {
    const frames = [1, 3, 5, 7, 9, 11];
    const withText = (text: string, confidence: number, min_word_confidence: number, onFrames = frames) =>
      metricsFixture({
        duration_s: 12, speech_segments: [{ start_s: 0.3, end_s: 11.5 }], cuts: [2, 4, 6, 8, 10], vision_frames_s: frames,
        on_screen_text: onFrames.map((t) => ({ time_s: t, text, confidence, min_word_confidence, box: { x: 0.1, y: 0.9, w: 0.6, h: 0.03 } })),
      });
    const zone = (m: Metrics) => findings(m, 'tiktok').shown.find((c) => c.code === 'safe_zone_text')!;
    expect(zone(withText('FOLLOW FOR PART 2', 91, 88)).evidence).toMatch(/^"FOLLOW FOR PART 2" at 0:01 sits in the bottom 22 %/);
    // Garbled: confident line, but it does not read as words — named, never quoted.
    const garbled = zone(withText('long siler ef Ab', 72, 64, [5]));
    expect(garbled.evidence).toMatch(/^the text at 0:05 sits in the bottom 22 %/);
    expect(wordsFor(garbled, 'brutal').description).not.toMatch(/siler/);
    // Words, but one of them read at 31: not quoted either.
    expect(zone(withText('FOLLOW FOR MORE', 70, 31, [5])).evidence).toMatch(/^the text at 0:05/);
  });

  it('"no captions" never over caption text the safe-zone check reads during speech', () => {
    const frames = [1, 3, 5, 7, 9, 11];
    const m = metricsFixture({
      duration_s: 12, speech_segments: [{ start_s: 0.3, end_s: 11.5 }], cuts: [2, 4, 6, 8, 10], vision_frames_s: frames,
      on_screen_text: [
        { time_s: 3, text: 'MOST CREATORS LOSE', confidence: 90, box: { x: 0.1, y: 0.85, w: 0.8, h: 0.05 } },
        { time_s: 7, text: 'HALF THEIR VIEWERS', confidence: 90, box: { x: 0.1, y: 0.85, w: 0.8, h: 0.05 } },
      ],
    });
    const shown = findings(m).shown;
    expect(shown.map((c) => c.code)).toContain('safe_zone_text');
    // Two caption frames out of six: captioned (OCR misses some), so no captions finding at all.
    expect(shown.map((c) => c.code)).not.toContain('no_captions');
    // One caption frame: "on only part of the speech", never "no captions".
    const once = { ...m, on_screen_text: m.on_screen_text!.slice(0, 1) };
    const partial = findings(once).shown.find((c) => c.code === 'no_captions')!;
    expect(partial.evidence).toMatch(/^captions on only 1 of 6 frames read during speech/);
    expect(wordsFor(partial, 'balanced').title).toBe('Captions on only part of the speech');
    // A handle on every frame is named as what it is.
    const handle = { ...m, on_screen_text: frames.map((t) => ({ time_s: t, text: '@maker.studio', confidence: 90, box: { x: 0.3, y: 0.02, w: 0.4, h: 0.025 } })) };
    expect(findings(handle).shown.find((c) => c.code === 'no_captions')!.evidence).toMatch(/the only text on the 6 frames read during speech is "@maker.studio", which stays the same/);
  });
});

// ------------------------------------------------------------------------------------------ the report-level oracle

/** Sorted, non-overlapping random segments inside [0, D]. */
function segments(r: () => number, D: number, maxN: number, maxLen: number): Segment[] {
  const out: Segment[] = [];
  let t = r() * 2;
  for (let k = 0; k < maxN && t < D; k++) {
    const s = Math.round(t * 100) / 100;
    const e = Math.round(Math.min(D, t + 0.3 + r() * maxLen) * 100) / 100;
    if (e > s) out.push({ start_s: s, end_s: e });
    t = e + 0.2 + r() * maxLen;
  }
  return out;
}

const TEXTS = ['FOLLOW FOR PART 2', '@maker.studio', 'long siler ef Ab', 'Le tivig', 'SO START WITH', '00:00:12', 'THE ONE TRICK', '| EE'];

function randomVideo(seed: number): Metrics {
  let a = seed >>> 0;
  const r = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const D = Math.round((3 + r() * 90) * 100) / 100;
  const secs = Math.ceil(D);
  const kind = r();
  const hasAudio = kind > 0.15;
  const silent = hasAudio && kind < 0.3;
  const speech = hasAudio && !silent && r() < 0.75 ? segments(r, D, 10, 8) : [];
  const flat = r() < 0.15;
  const track = (lo: number, hi: number) => Array.from({ length: secs }, () => Math.round((lo + r() * (hi - lo)) * 10) / 10);
  const I = !hasAudio ? null : silent ? -70 : Math.round((-40 + r() * 35) * 10) / 10;
  const frames = Array.from({ length: 12 }, (_, i) => Math.round(((i + 0.5) * D * 100) / 12) / 100);
  const text = r() < 0.6
    ? frames.flatMap((t) => (r() < 0.6 ? [{ time_s: t, text: TEXTS[Math.floor(r() * TEXTS.length)], confidence: Math.round(40 + r() * 55), min_word_confidence: Math.round(20 + r() * 70), box: { x: 0.1, y: Math.round(r() * 95) / 100, w: 0.6, h: 0.015 + Math.round(r() * 5) / 100 } }] : []))
    : [];
  return metricsFixture({
    duration_s: D,
    width: r() < 0.7 ? 1080 : 1920,
    height: 1920,
    aspect_ratio: 0.5625,
    has_audio: hasAudio,
    cuts: Array.from({ length: Math.floor(r() * 12) }, () => Math.round((0.2 + r() * (D - 0.4)) * 100) / 100).sort((x, y) => x - y).filter((c, i, xs) => i === 0 || c - xs[i - 1] > 0.3),
    speech_segments: speech,
    silences: !hasAudio ? [] : silent ? [{ start_s: 0, end_s: D }] : segments(r, D, 6, 10).filter((s) => !speech.some((g) => g.start_s < s.end_s && g.end_s > s.start_s)),
    black_segments: r() < 0.3 ? segments(r, Math.min(D, 4), 1, 2) : [],
    static_segments: r() < 0.6 ? segments(r, D, 4, 15) : [],
    loudness: { integrated_lufs: I, true_peak_dbtp: hasAudio && !silent ? Math.round((-10 + r() * 12) * 10) / 10 : null, loudness_range_lu: hasAudio ? 5 : null, track: !hasAudio ? [] : silent ? fill(secs, -70) : track(-45, -8) },
    tracks: {
      interval_s: 1,
      motion: track(0, flat ? 0.5 : 8),
      brightness: flat ? fill(secs, 20 + Math.round(r() * 200)) : track(15, 220),
      saturation: track(0, 100),
      contrast: flat ? fill(secs, Math.round(r() * 6)) : track(20, 160),
    },
    vision_frames_s: frames,
    on_screen_text: text,
    faces: [],
  });
}

describe('no report contradicts itself (random videos, every style and platform)', () => {
  it('over 300 random videos', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom('gentle', 'balanced', 'brutal' as const), fc.constantFrom('tiktok', 'shorts', 'reels', 'youtube' as const), (seed, style, platform) => {
        const r = derive(randomVideo(seed), style, platform);
        expect({ seed, style, platform, found: contradictions(r) }).toEqual({ seed, style, platform, found: [] });
      }),
      { numRuns: 300 },
    );
  });
});
