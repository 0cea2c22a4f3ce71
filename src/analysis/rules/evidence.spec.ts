/**
 * Property test (issue 12 item 4): over random signal sequences, every rule's evidence interval has start < end, lies
 * inside the video and contains its cause, and every predicted drop-off lies inside the stretch its cause names.
 * A seeded generator keeps failures reproducible (the seed is in the failure message).
 */
import { runModel } from '../model/retention';
import { dropOffs } from '../model/scores';
import { PLATFORMS, type Platform } from '../model/constants';
import type { Metrics, Segment } from '@preflight/shared';
import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';
import { mss } from '../time';
import { buildCandidates } from './candidates';

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sorted, non-overlapping random segments inside [0, D]. */
function segments(r: () => number, D: number, maxN: number, maxLen: number): Segment[] {
  const out: Segment[] = [];
  let t = r() * 2;
  for (let k = 0; k < maxN && t < D; k++) {
    const len = 0.3 + r() * maxLen;
    const s = Math.round(t * 100) / 100;
    const e = Math.round(Math.min(D, t + len) * 100) / 100;
    if (e > s) out.push({ start_s: s, end_s: e });
    t = e + 0.2 + r() * maxLen;
  }
  return out;
}

function randomMetrics(seed: number): Metrics {
  const r = rng(seed);
  const D = Math.round((1 + r() * 150) * 100) / 100;
  const secs = Math.ceil(D);
  const track = (lo: number, hi: number) => Array.from({ length: secs }, () => Math.round((lo + r() * (hi - lo)) * 10) / 10);
  const speech = r() < 0.2 ? [] : segments(r, D, 12, 8);
  const hasAudio = r() > 0.1;
  const cuts = Array.from({ length: Math.floor(r() * 15) }, () => Math.round((0.1 + r() * (D - 0.2)) * 100) / 100)
    .filter((c) => c > 0 && c < D)
    .sort((a, b) => a - b)
    .filter((c, i, a) => i === 0 || c - a[i - 1] > 0.2);
  const silent = hasAudio && r() < 0.1;
  const I = !hasAudio ? null : silent ? -70 : Math.round((-40 + r() * 35) * 10) / 10;
  return metricsFixture({
    duration_s: D,
    width: r() < 0.5 ? 1080 : 1920,
    height: r() < 0.5 ? 1920 : 1080,
    aspect_ratio: r() < 0.5 ? 0.5625 : 1.778,
    has_audio: hasAudio,
    cuts,
    speech_segments: hasAudio ? speech : [],
    silences: hasAudio ? (silent ? [{ start_s: 0, end_s: D }] : segments(r, D, 8, 12)) : [],
    black_segments: r() < 0.5 ? segments(r, D, 3, 3) : [],
    frozen_segments: r() < 0.3 ? segments(r, D, 3, 10) : [],
    static_segments: r() < 0.7 ? segments(r, D, 5, 20) : [],
    loudness: {
      integrated_lufs: I,
      true_peak_dbtp: hasAudio && !silent ? Math.round((-12 + r() * 14) * 10) / 10 : null,
      loudness_range_lu: hasAudio ? 5 : null,
      track: hasAudio ? (silent ? Array(secs).fill(-70) : track(-70, -5)) : [],
    },
    tracks: { interval_s: 1, motion: track(0, 10), brightness: track(0, 255), saturation: track(0, 100), contrast: track(0, 200) },
  });
}

const RUNS = 400;
const eps = 1e-6;

describe('evidence intervals over random signals', () => {
  it('every rule: start < end, inside the video, containing the model sources it names', () => {
    for (let seed = 1; seed <= RUNS; seed++) {
      const m = randomMetrics(seed);
      const platform: Platform = PLATFORMS[seed % PLATFORMS.length];
      const model = runModel({ metrics: m, platform });
      const byKey = new Map(model.sources.map((s) => [s.key, s]));
      for (const c of buildCandidates(m, platform, model, null)) {
        const where = { seed, code: c.code, time_s: c.time_s, end_s: c.end_s, D: m.duration_s };
        const ok =
          c.time_s >= 0 && c.time_s < m.duration_s + eps &&
          (c.end_s === undefined || (c.end_s > c.time_s && c.end_s <= m.duration_s + eps)) &&
          !/(^|[^\w.])-\d+(\.\d+)? s\b/.test(c.evidence) &&
          (c.sources ?? []).every((k) => {
            const s = byKey.get(k);
            return !!s && c.end_s !== undefined && Math.min(s.end_s, c.end_s) - Math.max(s.start_s, c.time_s) > 0;
          });
        expect({ ...where, ok }).toEqual({ ...where, ok: true });
      }
    }
  });

  it('every drop-off: start < end inside the video, its moment and peak inside, the cause naming that interval', () => {
    let checked = 0;
    for (let seed = 1; seed <= RUNS; seed++) {
      const m = randomMetrics(seed);
      const platform: Platform = PLATFORMS[seed % PLATFORMS.length];
      const model = runModel({ metrics: m, platform });
      for (const d of dropOffs(model, m)) {
        checked++;
        const s = d.start_s!;
        const e = d.end_s!;
        const len = /^(\d+(?:\.\d+)?) s of/.exec(d.cause);
        const where = { seed, cause: d.cause, time_s: d.time_s, peak_s: d.peak_s, start_s: s, end_s: e, D: m.duration_s };
        const ok =
          s >= 0 && e > s && e <= m.duration_s + eps &&
          d.time_s >= s - eps && d.time_s <= e + eps && d.peak_s >= s - eps && d.peak_s <= e + eps &&
          (d.cause_code === 'hook' || (!!len && Math.abs(Number(len[1]) - (e - s)) <= 0.06 && d.cause.endsWith(`(${mss(s)}-${mss(e)})`))) &&
          (d.cause_code === 'hook' || model.sources.some((x) => d.cause_code.split('+').includes(x.kind) && Math.min(x.end_s, e) - Math.max(x.start_s, s) > 0));
        expect({ ...where, ok }).toEqual({ ...where, ok: true });
      }
    }
    expect(checked).toBeGreaterThan(RUNS / 2);
  });
});
