import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';
import { runModel } from './retention';
import { dropOffs, optimizationLabel, riskLevel, scores } from './scores';

const talking = (d: number) => [{ start_s: 0.3, end_s: d - 0.5 }];
const everyNs = (d: number, n: number) => Array.from({ length: Math.floor((d - 0.1) / n) }, (_, i) => (i + 1) * n);

describe('retention hazard model', () => {
  it('starts at 100 %, never rises, and has one point per second', () => {
    const m = metricsFixture({ duration_s: 20.5, speech_segments: talking(20.5), cuts: everyNs(20.5, 3) });
    const r = runModel({ metrics: m, platform: 'tiktok' });
    expect(r.survival[0]).toBe(1);
    expect(r.survival).toHaveLength(22);
    for (let i = 1; i < r.survival.length; i++) expect(r.survival[i]).toBeLessThanOrEqual(r.survival[i - 1]);
  });

  it('a 6 s silent, still stretch is the top drop-off, at its start (±1.5 s)', () => {
    const m = metricsFixture({
      duration_s: 30,
      speech_segments: [{ start_s: 0.3, end_s: 11.8 }, { start_s: 18.2, end_s: 29.5 }],
      silences: [{ start_s: 11.8, end_s: 18.2 }],
      static_segments: [{ start_s: 12, end_s: 18 }],
      cuts: [3, 6, 9, 12, 18, 21, 24, 27],
    });
    const model = runModel({ metrics: m, platform: 'tiktok' });
    const d = dropOffs(model, m);
    expect(d[0].cause_code).toBe('dead_air+static');
    expect(Math.abs(d[0].time_s - 12)).toBeLessThanOrEqual(1.5);
    expect(d[0].predicted_loss).toBeGreaterThan(5);
  });

  it('does not treat a talking head (still camera, continuous speech) as dead', () => {
    const still = metricsFixture({
      duration_s: 30,
      speech_segments: talking(30),
      static_segments: [{ start_s: 0, end_s: 30 }],
      tracks: { interval_s: 1, motion: Array(30).fill(0.5), brightness: Array(30).fill(110), saturation: Array(30).fill(40), contrast: Array(30).fill(120) },
    });
    const dead = metricsFixture({ ...still, speech_segments: [], silences: [{ start_s: 0, end_s: 30 }] });
    const a = runModel({ metrics: still, platform: 'tiktok' });
    const b = runModel({ metrics: dead, platform: 'tiktok' });
    expect(a.avgWatched).toBeGreaterThan(b.avgWatched + 0.1);
    expect(dropOffs(a, still).every((x) => x.predicted_loss < 3)).toBe(true);
  });

  it('rates an engaging video less risky than its flat twin', () => {
    const engaging = metricsFixture({ duration_s: 15, speech_segments: [{ start_s: 0.3, end_s: 14.5 }], cuts: [2.5, 4.5, 7.5, 10, 13] });
    const flat = metricsFixture({
      duration_s: 15,
      speech_segments: [{ start_s: 3, end_s: 13 }],
      silences: [{ start_s: 0, end_s: 3 }, { start_s: 13, end_s: 15 }],
      static_segments: [{ start_s: 0, end_s: 15 }],
      loudness: { integrated_lufs: -33, true_peak_dbtp: -14, loudness_range_lu: 3, track: Array(15).fill(-33) },
      tracks: { interval_s: 1, motion: Array(15).fill(0), brightness: Array(15).fill(110), saturation: Array(15).fill(40), contrast: Array(15).fill(120) },
    });
    const e = scores(runModel({ metrics: engaging, platform: 'tiktok' }), []);
    const f = scores(runModel({ metrics: flat, platform: 'tiktok' }), [{ grade: 2 }, { grade: 2 }]);
    expect(e.viral_risk_score).toBeLessThan(f.viral_risk_score);
    expect(e.hook_hold).toBeGreaterThan(f.hook_hold);
  });

  it('charges a slow, black opening in the hook window', () => {
    const good = metricsFixture({ duration_s: 10, speech_segments: [{ start_s: 0.3, end_s: 9.5 }], cuts: [1.5, 4] });
    const bad = metricsFixture({ duration_s: 10, speech_segments: [{ start_s: 3.5, end_s: 9.5 }], black_segments: [{ start_s: 0, end_s: 1.5 }] });
    const g = runModel({ metrics: good, platform: 'shorts' });
    const b = runModel({ metrics: bad, platform: 'shorts' });
    expect(b.hook.loss).toBeGreaterThan(g.hook.loss + 0.2);
    expect(dropOffs(b, bad)[0].cause_code).toBe('hook');
  });
});

describe('score bands', () => {
  it('labels performance at the 90/70/50/30 edges', () => {
    expect(optimizationLabel(90)).toBe('Ready to Publish');
    expect(optimizationLabel(89)).toBe('Almost There');
    expect(optimizationLabel(70)).toBe('Almost There');
    expect(optimizationLabel(69)).toBe('Needs Polish');
    expect(optimizationLabel(50)).toBe('Needs Polish');
    expect(optimizationLabel(49)).toBe('Major Fixes Needed');
    expect(optimizationLabel(30)).toBe('Major Fixes Needed');
    expect(optimizationLabel(29)).toBe('Start Over');
  });
  it('maps risk levels at 70 and 40', () => {
    expect(riskLevel(70)).toBe('high');
    expect(riskLevel(69)).toBe('medium');
    expect(riskLevel(40)).toBe('medium');
    expect(riskLevel(39)).toBe('low');
  });
});
