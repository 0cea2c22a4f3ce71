import { deriveReport, fixesOf, frameTimes, gentleOpening, resolvePlatform, selectCandidates } from '../derive';
import { runModel } from '../model/retention';
import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';
import type { Metrics } from '@preflight/shared';
import { parseMss, mss } from '../time';
import { buildCandidates, type Candidate } from './candidates';

const info = (m: Metrics) => ({
  original_filename: 'x.mp4', duration_seconds: m.duration_s, width: m.width, height: m.height, aspect_ratio: '9:16',
  orientation: 'vertical' as const, rotation: 0, fps: 30, variable_frame_rate: false, video_codec: 'h264', audio_codec: 'aac',
  has_audio: m.has_audio, file_size_bytes: 1, container: 'mp4',
});
const frames = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28].map((t) => ({ time_s: t, path: `frames/${t}.jpg` }));
const derive = (m: Metrics, style: 'gentle' | 'balanced' | 'brutal', platform: 'auto' | 'tiktok' | 'shorts' | 'reels' | 'youtube' = 'tiktok') =>
  deriveReport({ metrics: m, videoInfo: info(m), style, platform, frames, transcript: null, analysisSeconds: 1, warnings: [] });
const codes = (c: Candidate[]) => c.map((x) => x.code);
const cands = (m: Metrics, platform: 'tiktok' | 'shorts' | 'youtube' = 'tiktok') => buildCandidates(m, platform, runModel({ metrics: m, platform }), null);

/** A problem video: slow start, a dead stretch, quiet, clipping, long tail. */
const messy = () =>
  metricsFixture({
    duration_s: 30,
    speech_segments: [{ start_s: 2.8, end_s: 10 }, { start_s: 16.5, end_s: 22 }],
    silences: [{ start_s: 0, end_s: 2.8 }, { start_s: 10, end_s: 16.5 }, { start_s: 22, end_s: 30 }],
    static_segments: [{ start_s: 10.2, end_s: 16.4 }],
    cuts: [4, 7, 16.4, 19],
    loudness: { integrated_lufs: -24, true_peak_dbtp: 0.4, loudness_range_lu: 6, track: Array(30).fill(-24) },
  });

describe('gentle wording follows the score', () => {
  it('only the top two bands are called a solid base', () => {
    expect(gentleOpening('Ready to Publish')).toMatch(/solid base/);
    expect(gentleOpening('Almost There')).toMatch(/solid base/);
    for (const label of ['Needs Polish', 'Major Fixes Needed', 'Start Over'] as const) expect(gentleOpening(label)).not.toMatch(/solid base/);
  });

  it('a messy video in gentle style is never "a solid base" unless it scores 70 or more', () => {
    const r = derive(messy(), 'gentle');
    const { overall_performance_score: score, summary } = r.overall_score_and_recommendations;
    // A video whose every problem is fixable in the edit is told that instead of how far it has to go (issue 41).
    const allFixable = r.overall_score_and_recommendations.fixable_issue_count === r.report_metadata.candidate_issue_count;
    if (allFixable) expect(summary).toMatch(/every problem found can be fixed in the edit/);
    else expect(summary).toContain(gentleOpening(r.overall_score_and_recommendations.optimization_label));
    if (score < 70) expect(summary).not.toMatch(/solid base/);
  });
});

describe('rules', () => {
  it('every issue has a timestamp, evidence and a fix', () => {
    const r = derive(messy(), 'brutal');
    expect(r.prevention_analytics.prevention_fixes.length).toBeGreaterThan(3);
    for (const f of r.prevention_analytics.prevention_fixes) {
      expect(f.timestamp).toMatch(/^\d+:\d\d$/);
      expect(f.evidence.length).toBeGreaterThan(5);
      expect(f.fix.length).toBeGreaterThan(5);
    }
  });

  it('finds slow hook, dead segment, quiet audio, clipping and the long tail', () => {
    const c = codes(cands(messy()));
    expect(c).toEqual(expect.arrayContaining(['hook_slow_start', 'dead_segment', 'loudness_quiet', 'clipping', 'long_tail']));
    const hook = cands(messy()).find((x) => x.code === 'hook_slow_start')!;
    expect(hook.evidence).toContain('first words at 2.8 s');
  });

  it('does not flag a talking head with continuous speech as a static dead segment', () => {
    const m = metricsFixture({
      duration_s: 20,
      speech_segments: [{ start_s: 0.2, end_s: 19.6 }],
      static_segments: [{ start_s: 0, end_s: 20 }],
      tracks: { interval_s: 1, motion: Array(20).fill(0.4), brightness: Array(20).fill(110), saturation: Array(20).fill(30), contrast: Array(20).fill(100) },
    });
    const c = codes(cands(m));
    expect(c).not.toContain('static_stretch');
    expect(c).not.toContain('dead_segment');
    expect(c).not.toContain('hook_frozen_opening');
  });

  it('flags a still, silent stretch without speech', () => {
    const m = metricsFixture({
      duration_s: 20,
      speech_segments: [{ start_s: 0.3, end_s: 8 }, { start_s: 14.2, end_s: 19.5 }],
      silences: [{ start_s: 8, end_s: 14.2 }],
      static_segments: [{ start_s: 8, end_s: 14 }],
      cuts: [2, 4, 6, 8, 14, 16],
    });
    expect(codes(cands(m))).toContain('dead_segment');
  });

  it('checks platform fit per preset', () => {
    const wide = metricsFixture({ duration_s: 200, width: 1920, height: 1080, aspect_ratio: 1.778, speech_segments: [{ start_s: 0.2, end_s: 199 }], cuts: [] });
    const s = codes(cands(wide, 'shorts'));
    expect(s).toEqual(expect.arrayContaining(['platform_length', 'platform_aspect']));
    expect(codes(cands(wide, 'tiktok'))).toContain('platform_orientation');
    expect(codes(cands(wide, 'tiktok'))).not.toContain('platform_length');
    expect(codes(cands(wide, 'youtube'))).not.toEqual(expect.arrayContaining(['platform_length', 'platform_aspect', 'platform_orientation']));
    expect(resolvePlatform('auto', wide)).toBe('youtube');
    expect(resolvePlatform('auto', { aspect_ratio: 0.5625, duration_s: 60 })).toBe('shorts');
    expect(resolvePlatform('auto', { aspect_ratio: 0.5625, duration_s: 400 })).toBe('tiktok');
  });

  it('flags no audio, darkness and loud mixes', () => {
    const m = metricsFixture({ duration_s: 10, has_audio: false, loudness: { integrated_lufs: null, true_peak_dbtp: null, loudness_range_lu: null, track: [] }, tracks: { interval_s: 1, motion: Array(10).fill(4), brightness: Array(10).fill(30), saturation: Array(10).fill(20), contrast: Array(10).fill(40) } });
    expect(codes(cands(m))).toEqual(expect.arrayContaining(['no_audio', 'too_dark']));
    const loud = metricsFixture({ duration_s: 10, speech_segments: [{ start_s: 0.2, end_s: 9.8 }], loudness: { integrated_lufs: -8, true_peak_dbtp: -1.5, loudness_range_lu: 2, track: Array(10).fill(-8) } });
    expect(codes(cands(loud))).toContain('loudness_loud');
  });
});

describe('feedback style changes wording and selection', () => {
  it('brutal lists every candidate, balanced caps lows, gentle keeps the urgent 3 and leaves hook items out', () => {
    const m = messy();
    const brutal = derive(m, 'brutal');
    const balanced = derive(m, 'balanced');
    const gentle = derive(m, 'gentle');
    expect(brutal.prevention_analytics.prevention_fixes.length).toBe(brutal.report_metadata.candidate_issue_count);
    expect(balanced.prevention_analytics.prevention_fixes.length).toBeLessThanOrEqual(brutal.prevention_analytics.prevention_fixes.length);
    expect(gentle.detailed_analysis.length).toBeLessThanOrEqual(3);
    expect(gentle.viral_hook.action_items).toEqual([]);
    expect(gentle.prevention_analytics.prevention_fixes.length).toBe(gentle.detailed_analysis.length);
    // Gentle lists the urgent three of the one ranking (issue 41: a style changes the words, not the list's top).
    expect(gentle.prevention_analytics.prevention_fixes.map((f) => f.id)).toEqual(brutal.prevention_analytics.prevention_fixes.slice(0, 3).map((f) => f.id));
    const t = (r: typeof brutal, id: string) => r.prevention_analytics.prevention_fixes.find((f) => f.id === id)?.title;
    const id = brutal.prevention_analytics.prevention_fixes.find((f) => f.id.startsWith('dead-segment'))!.id;
    expect(t(brutal, id)).not.toBe(t(balanced, id));
  });

  it('uses the product impact scores (high 90, medium 70, low 50, hook 75 medium)', () => {
    const r = derive(messy(), 'brutal');
    for (const f of r.prevention_analytics.prevention_fixes) {
      if (r.viral_hook.action_items.some((a) => a.id === f.id)) {
        expect([f.severity, f.impactScore]).toEqual(['medium', 75]);
      } else {
        expect(f.impactScore).toBe({ high: 90, medium: 70, low: 50 }[f.severity]);
      }
    }
    expect(r.viral_hook.action_items.length).toBeGreaterThan(0);
    const sevs = new Set(r.detailed_analysis.map((d) => d.severity));
    expect([...sevs].every((s) => ['Critical', 'High', 'Medium', 'Low'].includes(s))).toBe(true);
  });

  it('selection helper: gentle keeps the top 3 of the ranking (equal gains: more severe first)', () => {
    const all = cands(messy());
    const g = selectCandidates(all, 'gentle', () => 0);
    expect(g.length).toBeLessThanOrEqual(3);
    expect(g.map((c) => c.severity)).toEqual(selectCandidates(all, 'brutal', () => 0).slice(0, 3).map((c) => c.severity));
  });
});

describe('report', () => {
  it('labels retention as predicted and keeps frame paths relative', () => {
    const r = derive(messy(), 'balanced');
    expect(r.retention_curve.predicted).toBe(true);
    expect(r.retention_curve.points[0]).toEqual({ t_s: 0, retention_pct: 100 });
    expect(r.retention_curve.points.at(-1)!.t_s).toBe(30);
    expect(r.report_metadata.predictions_are_estimates).toBe(true);
    for (const f of r.predictive_frames) expect(f.frame_image_path).toMatch(/^frames\//);
    expect(r.overall_score_and_recommendations.overall_performance_score).toBe(100 - r.prevention_analytics.viral_risk_score);
  });
});

describe('time', () => {
  it('formats and parses m:ss', () => {
    expect(mss(0)).toBe('0:00');
    expect(mss(65.9)).toBe('1:05');
    expect(mss(3600)).toBe('60:00');
    expect(parseMss('1:05')).toBe(65);
    expect(parseMss('1:02:03')).toBe(0);
    expect(parseMss('abc')).toBe(0);
  });
});

describe('no sound (no audio stream or a silent track)', () => {
  const talkingPicture = { cuts: [2, 4, 6, 8], tracks: { interval_s: 1 as const, motion: Array(10).fill(4), brightness: Array(10).fill(110), saturation: Array(10).fill(40), contrast: Array(10).fill(120) } };
  const noStream = () => metricsFixture({ duration_s: 10, has_audio: false, ...talkingPicture, loudness: { integrated_lufs: null, true_peak_dbtp: null, loudness_range_lu: null, track: [] } });
  const silentTrack = () => metricsFixture({ duration_s: 10, ...talkingPicture, silences: [{ start_s: 0, end_s: 10 }], loudness: { integrated_lufs: -70, true_peak_dbtp: null, loudness_range_lu: 0, track: Array(10).fill(-70) } });

  it('is its own finding, critical on sound-on feeds and high on YouTube, said plainly', () => {
    for (const [m, code, words] of [[noStream(), 'no_audio', /no audio track/], [silentTrack(), 'silent_audio', /the audio track is silent/]] as const) {
      const tiktok = cands(m, 'tiktok').filter((c) => c.code === code);
      expect(tiktok).toHaveLength(1);
      expect(tiktok[0].severity).toBe('critical');
      expect(tiktok[0].evidence).toMatch(words);
      expect(cands(m, 'youtube').find((c) => c.code === code)!.severity).toBe('high');
      // not mistaken for loudness or dead-air problems
      expect(codes(cands(m, 'tiktok'))).not.toEqual(expect.arrayContaining(['loudness_quiet']));
      expect(codes(cands(m, 'tiktok')).filter((c) => c === 'dead_air' || c === 'dead_segment')).toEqual([]);
    }
  });

  it('is reflected in the score: never "Almost There" or better', () => {
    for (const m of [noStream(), silentTrack()]) {
      const short = derive(m, 'balanced', 'tiktok').overall_score_and_recommendations;
      expect(short.overall_performance_score).toBeLessThanOrEqual(49);
      expect(derive(m, 'balanced', 'youtube').overall_score_and_recommendations.overall_performance_score).toBeLessThanOrEqual(69);
      expect(short.top_recommendations[0]).toMatch(/no sound|silent audio track/);
    }
    const withSound = derive(metricsFixture({ duration_s: 10, ...talkingPicture, speech_segments: [{ start_s: 0.2, end_s: 9.8 }] }), 'balanced', 'tiktok');
    expect(withSound.overall_score_and_recommendations.overall_performance_score).toBeGreaterThan(derive(silentTrack(), 'balanced', 'tiktok').overall_score_and_recommendations.overall_performance_score);
  });
});

describe('digital silence is silence, a quiet track is quiet (issue 40)', () => {
  const picture = { cuts: [2, 4, 6, 8], tracks: { interval_s: 1 as const, motion: Array(10).fill(4), brightness: Array(10).fill(110), saturation: Array(10).fill(40), contrast: Array(10).fill(120) } };
  // 10 Hz energy envelope: digital zeros sit at its -90 dBFS floor.
  const envelope = (db: (i: number) => number) => ({ audio_rate_hz: 10 as const, audio_db: Array.from({ length: 100 }, (_, i) => db(i)), video_rate_hz: 4 as const, luma: [] as number[], motion: [] as number[] });
  // Zeros but for a 50 ms blip at 3 s: ebur128 gates to the blip and reports -45.6 LUFS integrated.
  const blip = () => metricsFixture({ duration_s: 10, ...picture, silences: [{ start_s: 0, end_s: 10 }], fingerprint: envelope((i) => (i === 30 ? -32 : -90)), loudness: { integrated_lufs: -45.6, true_peak_dbtp: -20, loudness_range_lu: 0, track: Array(10).fill(-70) } });
  // Room tone at -66 dBFS throughout: very quiet, but something to hear.
  const roomTone = () => metricsFixture({ duration_s: 10, ...picture, silences: [{ start_s: 0, end_s: 10 }], fingerprint: envelope(() => -66), loudness: { integrated_lufs: -63, true_peak_dbtp: -50, loudness_range_lu: 1, track: Array(10).fill(-63) } });

  it('a silent track with a stray blip is "silent", never a level to raise', () => {
    for (const p of ['tiktok', 'youtube'] as const) {
      const c = cands(blip(), p);
      expect(codes(c)).toContain('silent_audio');
      expect(codes(c).filter((k) => ['loudness_quiet', 'loudness_loud', 'clipping', 'dead_air', 'dead_segment', 'low_energy'].includes(k))).toEqual([]);
      expect(c.find((x) => x.code === 'silent_audio')!.evidence).toMatch(/the audio track is silent.*100 ms of sound at 0:03/);
    }
    const r = derive(blip(), 'balanced', 'tiktok');
    expect(r.overall_score_and_recommendations.top_recommendations[0]).toMatch(/silent audio track/);
    expect(JSON.stringify(r.prevention_analytics.prevention_fixes)).not.toMatch(/Raise the (mix|audio)/);
    expect(r.prevention_analytics.prevention_fixes[0].fix).toMatch(/^The audio track is silent: add sound .* or remove the track/);
  });

  it('a quiet track that carries sound is too quiet, not silent', () => {
    const c = cands(roomTone(), 'tiktok');
    expect(codes(c)).not.toContain('silent_audio');
    expect(c.find((x) => x.code === 'loudness_quiet')?.severity).toBe('high');
  });
});

describe('loudness severity follows the measured gap', () => {
  const at = (lufs: number, tp = -3) =>
    cands(metricsFixture({ duration_s: 20, speech_segments: [{ start_s: 0.2, end_s: 19.8 }], cuts: [3, 6, 9, 12, 15], loudness: { integrated_lufs: lufs, true_peak_dbtp: tp, loudness_range_lu: 5, track: Array(20).fill(lufs) } }));
  const sev = (lufs: number, code = 'loudness_quiet', tp?: number) => at(lufs, tp).find((c) => c.code === code)?.severity ?? null;

  it('a quiet mix: negligible under 3 LU (2 LU under is below what anyone hears), then low, medium, high as the missing gain grows', () => {
    expect([sev(-14), sev(-15.2), sev(-16.2), sev(-16.9)]).toEqual([null, null, null, null]);
    expect(sev(-17.5)).toBe('low');
    expect(sev(-20)).toBe('medium');
    expect(sev(-24)).toBe('high');
    const q = at(-21.9).find((c) => c.code === 'loudness_quiet')!;
    expect(q.evidence).toContain('7.9 LU under');
  });

  it('a loud mix is only turned down: no quiet/clipping issue unless its peaks still exceed -1 dBTP once turned down', () => {
    expect(sev(-11, 'loudness_loud')).toBeNull();
    expect(sev(-11, 'clipping', -0.5)).toBeNull(); // -0.5 dBTP turned down 3 dB plays at -3.5
    expect(sev(-14, 'clipping', -0.5)).toBe('low');
    expect(sev(-14, 'clipping', 0.5)).toBe('medium');
    expect(sev(-14, 'clipping', 3)).toBe('high');
    expect(sev(-7, 'loudness_loud')).toBe('low');
  });
});

describe('single takes get pacing advice scaled to the platform', () => {
  // 60 s talking head in one take: phrases of ~4.5 s with 0.4 s pauses.
  const phrases = Array.from({ length: 12 }, (_, k) => ({ start_s: 0.3 + k * 4.9, end_s: 0.3 + k * 4.9 + 4.5 }));
  const head = (motion: number) =>
    metricsFixture({ duration_s: 60, speech_segments: phrases, cuts: [], tracks: { interval_s: 1, motion: Array(60).fill(motion), brightness: Array(60).fill(110), saturation: Array(60).fill(40), contrast: Array(60).fill(120) } });

  it('names the speech pauses where a visual change would help, more often on short-form than on YouTube', () => {
    const short = cands(head(2.5), 'tiktok').find((c) => c.code === 'single_take')!;
    const yt = cands(head(2.5), 'youtube').find((c) => c.code === 'single_take')!;
    expect(short).toBeDefined();
    expect(yt).toBeDefined();
    const moments = (c: Candidate) => String(c.facts.moments).split(', ');
    const gap = (c: Candidate) => parseMss(moments(c)[1]) - parseMss(moments(c)[0]);
    expect(gap(short)).toBeLessThan(gap(yt));
    expect(gap(short)).toBeLessThanOrEqual(6);
    // every suggested moment is the end of a phrase (a pause), not mid-sentence
    const pauseTimes = phrases.map((p) => mss(p.end_s));
    for (const t of moments(short)) expect(pauseTimes).toContain(t);
    expect(short.facts.every).toBe(4);
    expect(yt.facts.every).toBe(10);
    expect(short.time_s).toBe(0);
    expect(short.end_s).toBe(60);
  });

  it('a voice-over on a still card is a medium finding; a moving single take a low one; a cut video none', () => {
    expect(cands(head(0.3), 'tiktok').find((c) => c.code === 'single_take')!.severity).toBe('medium');
    expect(cands(head(4), 'tiktok').find((c) => c.code === 'single_take')!.severity).toBe('low');
    const cut = metricsFixture({ duration_s: 60, speech_segments: phrases, cuts: [4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56] });
    expect(codes(cands(cut, 'tiktok'))).not.toContain('single_take');
  });
});

describe('frames cover the whole video', () => {
  const talk = (D: number) => metricsFixture({
    duration_s: D,
    speech_segments: Array.from({ length: Math.floor(D / 5) }, (_, k) => ({ start_s: k * 5 + 0.2, end_s: k * 5 + 4.6 })),
    cuts: Array.from({ length: Math.floor(D / 3) - 1 }, (_, k) => (k + 1) * 3),
    silences: D > 100 ? [{ start_s: D - 40, end_s: D - 30 }] : [],
    static_segments: D > 100 ? [{ start_s: D - 40, end_s: D - 30 }] : [],
  });

  it('spreads context frames evenly to the end, growing with duration up to the cap, plus every problem frame', () => {
    const counts: number[] = [];
    for (const D of [20, 60, 360, 3600]) {
      const m = talk(D);
      const req = frameTimes(m, 'youtube');
      counts.push(req.length);
      expect(req.length).toBeLessThanOrEqual(96);
      const times = [0, ...req.map((r) => r.time_s), D];
      const maxGap = Math.max(...times.slice(1).map((t, i) => t - times[i]));
      expect({ D, maxGap: maxGap <= Math.max(10, D / 48) * 1.5 + 0.01 }).toEqual({ D, maxGap: true });
      const problems = cands(m, 'youtube');
      for (const c of problems) expect({ D, code: c.code, framed: req.some((r) => Math.abs(r.time_s - Math.min(c.time_s, D - 0.05)) < 0.21) }).toEqual({ D, code: c.code, framed: true });
    }
    expect(counts[1]).toBeGreaterThan(counts[0]);
    expect(counts[2]).toBeGreaterThan(counts[1]);
    expect(counts[3]).toBeGreaterThanOrEqual(counts[2]);
  });
});

describe('dark picture: underexposed vs low-key', () => {
  const pic = (brightness: number, contrast: number) =>
    metricsFixture({ duration_s: 10, speech_segments: [{ start_s: 0.2, end_s: 9.8 }], cuts: [2, 4, 6, 8], tracks: { interval_s: 1, motion: Array(10).fill(4), brightness: Array(10).fill(brightness), saturation: Array(10).fill(30), contrast: Array(10).fill(contrast) } });
  it('flags a dark picture without detail, not a low-key one with highlights', () => {
    expect(codes(cands(pic(30, 25)))).toContain('too_dark');
    expect(cands(pic(30, 25)).find((c) => c.code === 'too_dark')!.severity).toBe('high');
    expect(codes(cands(pic(45, 40)))).toContain('too_dark');
    expect(codes(cands(pic(30, 140)))).not.toContain('too_dark'); // night scene with lit faces / street lights
    expect(codes(cands(pic(110, 120)))).not.toContain('too_dark');
  });
});

describe('fixesOf (what AI rewriting is given, before the report is built)', () => {
  it('lists the fixes the report lists, in every style', () => {
    for (const style of ['gentle', 'balanced', 'brutal'] as const) {
      const fixes = fixesOf({ metrics: messy(), style, platform: 'tiktok', frames, transcript: null });
      expect(fixes.length).toBeGreaterThan(0);
      expect(fixes).toEqual(derive(messy(), style).prevention_analytics.prevention_fixes);
    }
  });
});
