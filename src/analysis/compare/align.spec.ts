import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';
import { alignCuts } from './align';
import { contentSource, metricsOfSource, recut, type ContentSource } from '../../../test/support/analysis/cut-fixture';

describe('alignCuts', () => {
  const a = contentSource(60, 7);

  it('finds a trimmed intro and a removed section, each edge within 0.2 s', () => {
    const b = recut(a, [[3.3, 20], [26, 60]]);
    const al = alignCuts(metricsOfSource(a), metricsOfSource(b));
    expect(al.sameVideo).toBe(true);
    expect(al.matched).toHaveLength(2);
    const [first, second] = al.matched;
    expect(Math.abs(first.a_start_s - first.b_start_s - 3.3)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(second.a_start_s - second.b_start_s - 9.3)).toBeLessThanOrEqual(0.2);
    expect(al.removed).toHaveLength(2);
    expect(Math.abs(al.removed[0].end_s - 3.3)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(al.removed[1].start_s - 20)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(al.removed[1].end_s - 26)).toBeLessThanOrEqual(0.2);
    expect(al.added).toEqual([]);
    expect(al.coverageB).toBeGreaterThan(0.97);
  });

  it('recognises a moved section and content added to B', () => {
    const other = contentSource(8, 99);
    const moved = recut(a, [[30, 45], [0, 30], [45, 60]]);
    const b: ContentSource = {
      audio: [...moved.audio.slice(0, 150), ...other.audio, ...moved.audio.slice(150)],
      luma: [...moved.luma.slice(0, 60), ...other.luma, ...moved.luma.slice(60)],
      motion: [...moved.motion.slice(0, 60), ...other.motion, ...moved.motion.slice(60)],
    };
    const al = alignCuts(metricsOfSource(a), metricsOfSource(b));
    expect(al.sameVideo).toBe(true);
    const offsets = al.matched.map((m) => Math.round((m.a_start_s - m.b_start_s) * 10) / 10);
    // [30,45) first (offset +30), then [0,30) after 8 s of new content (offset -23), then [45,60) (offset -8)
    expect(offsets.map((o) => Math.round(o))).toEqual([30, -23, -8]);
    expect(al.added).toHaveLength(1);
    expect(Math.abs(al.added[0].start_s - 15)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(al.added[0].end_s - 23)).toBeLessThanOrEqual(0.2);
  });

  it('finds a piece shorter than the 4 s window with a second, shorter search (a 3.5 s ending after a 2 s cut)', () => {
    const short = contentSource(10, 21);
    const al = alignCuts(metricsOfSource(short), metricsOfSource(recut(short, [[0, 4.5], [6.5, 10]])));
    expect(al.matched.map((m) => Math.round((m.a_start_s - m.b_start_s) * 10) / 10)).toEqual([0, 2]);
    expect(al.removed).toHaveLength(1);
    expect(Math.abs(al.removed[0].start_s - 4.5)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(al.removed[0].end_s - 6.5)).toBeLessThanOrEqual(0.2);
    expect(al.coverageB).toBeGreaterThan(0.97);
  });

  it('shows content replaced in place (same length, same offset after it) as changed, not as unedited', () => {
    const other = contentSource(5, 77);
    const b: ContentSource = {
      audio: [...a.audio.slice(0, 200), ...other.audio, ...a.audio.slice(250)],
      luma: [...a.luma.slice(0, 80), ...other.luma, ...a.luma.slice(100)],
      motion: [...a.motion.slice(0, 80), ...other.motion, ...a.motion.slice(100)],
    };
    const al = alignCuts(metricsOfSource(a), metricsOfSource(b));
    expect(al.matched.map((m) => Math.round(m.a_start_s - m.b_start_s))).toEqual([0, 0]);
    expect(al.removed).toHaveLength(1);
    expect(al.added).toHaveLength(1);
    expect(Math.abs(al.added[0].start_s - 20)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(al.added[0].end_s - 25)).toBeLessThanOrEqual(0.5);
  });

  it('says two unrelated videos are not cuts of one video', () => {
    const al = alignCuts(metricsOfSource(a), metricsOfSource(contentSource(40, 12345)));
    expect(al.sameVideo).toBe(false);
    expect(al.coverageB).toBeLessThan(0.5);
  });

  it('aligns reports without the fine fingerprint on their 1-s tracks, and says so', () => {
    const coarse = (src: ContentSource) => {
      const m = metricsOfSource(src);
      const perSecond = (xs: number[], hz: number) =>
        Array.from({ length: Math.ceil(xs.length / hz) }, (_, i) => xs.slice(i * hz, (i + 1) * hz).reduce((t, v) => t + v, 0) / hz);
      return {
        ...m,
        fingerprint: undefined,
        loudness: { ...m.loudness, track: perSecond(src.audio, 10) },
        tracks: { ...m.tracks, brightness: perSecond(src.luma, 4), motion: perSecond(src.motion, 4) },
      };
    };
    const al = alignCuts(coarse(a), coarse(recut(a, [[5, 60]])));
    expect(al.method).toMatch(/1 Hz/);
    expect(al.sameVideo).toBe(true);
    expect(Math.abs(al.matched[0].a_start_s - al.matched[0].b_start_s - 5)).toBeLessThanOrEqual(0.5);
  });

  it('has nothing to align on when both cuts are silent stills', () => {
    const flat = metricsFixture({ duration_s: 20, has_audio: false, fingerprint: { audio_rate_hz: 10, audio_db: [], video_rate_hz: 4, luma: Array(80).fill(90), motion: Array(80).fill(0) } });
    const al = alignCuts(flat, flat);
    expect(al.sameVideo).toBe(false);
    expect(al.method).toMatch(/nothing/);
  });
});
