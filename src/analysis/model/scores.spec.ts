/**
 * The score ranks inside the bands the worst finding holds it in (issue 27 item 4): a worse measured problem never
 * scores higher, and distinct sizes give distinct scores where the band has room. Property tests over generated pairs
 * of videos that differ only in the size of one problem, through the real pipeline (signals, model, rules,
 * consistency, score), and over the score function itself.
 */
import fc from 'fast-check';
import type { Metrics } from '@preflight/shared';
import { assess } from '../derive';
import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';
import { C, type Platform } from './constants';
import { findingPenalty, performanceScore, scores } from './scores';

const RUNS = 60;

describe('performanceScore (the band of the worst finding, and the order inside it)', () => {
  const grade = fc.double({ min: 0, max: 3.999, noNaN: true });
  const quality = fc.double({ min: 0, max: 1, noNaN: true });

  it('never rises when the quality falls or a finding grows, and stays in the band the worst finding allows', () => {
    fc.assert(
      fc.property(quality, quality, fc.array(grade, { maxLength: 5 }), grade, grade, (q1, q2, others, g1, g2) => {
        const [qLo, qHi] = q1 <= q2 ? [q1, q2] : [q2, q1];
        const [gLo, gHi] = g1 <= g2 ? [g1, g2] : [g2, g1];
        const f = (g: number) => [...others.map((x) => ({ grade: x })), { grade: g }];
        expect(performanceScore(qLo, f(gLo))).toBeLessThanOrEqual(performanceScore(qHi, f(gLo)) + 1e-9);
        expect(performanceScore(qHi, f(gHi))).toBeLessThanOrEqual(performanceScore(qHi, f(gLo)) + 1e-9);
        const worst = Math.max(gHi, ...others);
        const s = performanceScore(qHi, f(gHi));
        if (worst >= 3) expect(s).toBeLessThanOrEqual(49 + 1e-9);
        else if (worst >= 2) expect(s).toBeLessThanOrEqual(69 + 1e-9);
        else expect(s).toBeCloseTo(100 * qHi, 9);
      }),
      { numRuns: 500 },
    );
  });

  it('inside a band, distinct sizes of the worst problem give distinct scores; at the top of a band it meets the next one', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.6, max: 1, noNaN: true }), fc.double({ min: 2, max: 2.99, noNaN: true }), fc.double({ min: 0.01, max: 0.5, noNaN: true }), (q, g, step) => {
        const b = Math.min(2.999, g + step);
        expect(performanceScore(q, [{ grade: b }])).toBeLessThan(performanceScore(q, [{ grade: g }]));
      }),
      { numRuns: 300 },
    );
    // Just under critical, a high problem scores at the floor of "Needs Polish" (50), just above critical's top (49).
    expect(performanceScore(1, [{ grade: 2.999 }])).toBeCloseTo(50, 1);
    expect(performanceScore(1, [{ grade: 3 }])).toBe(49);
  });

  it('a bigger finding always weighs more in the penalty', () => {
    for (let g = 0; g < 3.99; g += 0.01) expect(findingPenalty(g + 0.01)).toBeGreaterThan(findingPenalty(g));
    expect([0, 1, 2, 3].map(findingPenalty)).toEqual(C.ISSUE_PENALTY_BY_GRADE.slice(0, 4));
  });
});

// ---------------------------------------------------------------------------------------------- generated pairs

/** A 40 s vertical talking video, speaking from 0.3 s, cut every 4 s, moving, mixed at -14 LUFS. */
function base(p: Partial<Metrics> = {}): Metrics {
  const D = 40;
  return metricsFixture({
    duration_s: D,
    speech_segments: [{ start_s: 0.3, end_s: 39.5 }],
    cuts: [4, 8, 12, 16, 20, 24, 28, 32, 36],
    ...p,
  });
}
const fill = (n: number, v: number) => Array.from({ length: n }, () => v);
const loud = (I: number, tp = -3) => ({ integrated_lufs: I, true_peak_dbtp: tp, loudness_range_lu: 5, track: fill(40, I) });

/** One problem whose size (bigger = worse) is the only difference between two videos. */
interface Problem {
  name: string;
  sizes: [number, number];
  video: (size: number) => Metrics;
}

const PROBLEMS: Problem[] = [
  { name: 'a quiet mix (gain it needs, dB)', sizes: [3, 26], video: (gap) => base({ loudness: loud(-14 - gap) }) },
  {
    name: 'a talking head in one still take, quiet (gain it needs, dB)',
    sizes: [3, 26],
    video: (gap) => base({ cuts: [], static_segments: [{ start_s: 0, end_s: 40 }], tracks: { interval_s: 1, motion: fill(40, 0.5), brightness: fill(40, 110), saturation: fill(40, 40), contrast: fill(40, 120) }, loudness: loud(-14 - gap) }),
  },
  {
    name: 'a still, silent stretch (s)',
    sizes: [2.6, 20],
    video: (len) => base({
      speech_segments: [{ start_s: 0.3, end_s: 10 }, { start_s: 10 + len, end_s: 39.5 }],
      silences: [{ start_s: 10, end_s: 10 + len }],
      static_segments: [{ start_s: 10, end_s: 10 + len }],
      cuts: [4, 8, 10, ...[16, 20, 24, 28, 32, 36].filter((c) => c > 10 + len + 0.5)],
    }),
  },
  {
    name: 'dead air over a moving picture (s)',
    sizes: [1.5, 20],
    video: (len) => base({ speech_segments: [{ start_s: 0.3, end_s: 10 }, { start_s: 10 + len, end_s: 39.5 }], silences: [{ start_s: 10, end_s: 10 + len }] }),
  },
  { name: 'a black opening (s)', sizes: [0.3, 4], video: (len) => base({ black_segments: [{ start_s: 0, end_s: len }], speech_segments: [{ start_s: len + 0.1, end_s: 39.5 }] }) },
  { name: 'late first words (s)', sizes: [1.6, 9], video: (fs) => base({ speech_segments: [{ start_s: fs, end_s: 39.5 }], silences: [{ start_s: 0, end_s: fs }] }) },
  { name: 'true peak over -1 dBTP as played (dB)', sizes: [0.05, 8], video: (over) => base({ loudness: loud(-14, -1 + over) }) },
  {
    name: 'an underexposed picture (luma under 50)',
    sizes: [0.5, 40],
    video: (under) => base({ tracks: { interval_s: 1, motion: fill(40, 4), brightness: fill(40, 50 - under), saturation: fill(40, 40), contrast: fill(40, 40) } }),
  },
  { name: 'a long ending after the last words (s)', sizes: [3, 16], video: (tail) => base({ speech_segments: [{ start_s: 0.3, end_s: 40 - tail }], silences: [{ start_s: 40 - tail, end_s: 40 }] }) },
];

const score = (m: Metrics, platform: Platform) => {
  const a = assess(m, platform, null);
  return scores(a.model, a.each).performance;
};

describe('generated pairs: the same video with one problem bigger', () => {
  for (const p of PROBLEMS) {
    it(`${p.name}: never scores higher, and lower when the size differs`, () => {
      fc.assert(
        fc.property(
          fc.double({ min: p.sizes[0], max: p.sizes[1], noNaN: true }),
          fc.double({ min: p.sizes[0], max: p.sizes[1], noNaN: true }),
          fc.constantFrom<Platform>('tiktok', 'shorts', 'reels', 'youtube'),
          (x, y, platform) => {
            const [small, big] = x <= y ? [x, y] : [y, x];
            const sSmall = score(p.video(small), platform);
            const sBig = score(p.video(big), platform);
            expect(sBig).toBeLessThanOrEqual(sSmall + 1e-9);
            // Distinct sizes, distinct scores (sizes rounded as the evidence rounds them, to a tenth).
            if (Math.round(big * 10) > Math.round(small * 10) + 1) expect(sBig).toBeLessThan(sSmall);
          },
        ),
        { numRuns: RUNS },
      );
    });
  }

  it('a talking head that needs 18 dB of gain scores below one that needs 10 dB (both "high", both in the same band)', () => {
    const th = PROBLEMS[1];
    for (const platform of ['tiktok', 'youtube'] as const) {
      const r10 = Math.round(score(th.video(10), platform));
      const r18 = Math.round(score(th.video(18), platform));
      expect(r18).toBeLessThan(r10);
      expect(r10).toBeLessThanOrEqual(69);
      expect(r18).toBeGreaterThanOrEqual(50);
    }
  });
});
