import { CutDetector, SignalCollector } from './parsers';
import { HIST_FRAME_BYTES, HIST_SIDE, HistogramStream, histogramDistance, histogramOf } from './colour-histogram';

describe('SignalCollector (streaming stderr parser)', () => {
  it('parses metadata, silence, black, freeze and ebur128 lines', () => {
    const c = new SignalCollector();
    const lines = [
      '[metadata@scd @ 0x55d1] frame:0    pts:0       pts_time:0',
      '[metadata@scd @ 0x55d1] lavfi.scd.mafd=0.000',
      '[metadata@yavg @ 0x55d2] frame:0    pts:0       pts_time:0',
      '[metadata@yavg @ 0x55d2] lavfi.signalstats.YAVG=100',
      '[metadata@yavg @ 0x55d2] frame:1    pts:1       pts_time:0.25',
      '[metadata@yavg @ 0x55d2] lavfi.signalstats.YAVG=120',
      '[metadata@ydif @ 0x55d3] frame:0    pts:0       pts_time:0',
      '[metadata@ydif @ 0x55d3] lavfi.signalstats.YDIF=0',
      '[metadata@ydif @ 0x55d3] frame:1    pts:1       pts_time:0.25',
      '[metadata@ydif @ 0x55d3] lavfi.signalstats.YDIF=3.5',
      '[silencedetect @ 0x55d4] silence_start: 1.5',
      '[silencedetect @ 0x55d4] silence_end: 3.25 | silence_duration: 1.75',
      '[silencedetect @ 0x55d4] silence_start: 4',
      '[blackdetect @ 0x55d5] black_start:0 black_end:0.8 black_duration:0.8',
      '[freezedetect @ 0x55d6] lavfi.freezedetect.freeze_start: 2',
      '[freezedetect @ 0x55d6] lavfi.freezedetect.freeze_duration: 1.5',
      '[freezedetect @ 0x55d6] lavfi.freezedetect.freeze_end: 3.5',
      '[ebur128@r128 @ 0x55d7] t: 0.0999773  TARGET:-23 LUFS    M: -20.0 S:-120.7     I: -70.0 LUFS       LRA:   0.0 LU  FTPK: -17.8 dBFS  TPK: -17.8 dBFS',
      '[ebur128@r128 @ 0x55d7] t: 0.199977   TARGET:-23 LUFS    M: -20.0 S:-120.7     I: -70.0 LUFS       LRA:   0.0 LU  FTPK: -17.7 dBFS  TPK: -17.7 dBFS',
      '[ebur128@r128 @ 0x55d7] Summary:',
      '',
      '  Integrated loudness:',
      '    I:         -21.8 LUFS',
      '    Threshold: -31.8 LUFS',
      '  Loudness range:',
      '    LRA:         3.0 LU',
      '  True peak:',
      '    Peak:      -1.7 dBFS',
    ];
    const times = lines.map((l) => c.line(l));
    expect(times[0]).toBe(0);
    const r = c.finish(5, true);
    expect(r.silences).toEqual([{ start_s: 1.5, end_s: 3.25 }, { start_s: 4, end_s: 5 }]);
    expect(r.black_segments).toEqual([{ start_s: 0, end_s: 0.8 }]);
    expect(r.frozen_segments).toEqual([{ start_s: 2, end_s: 3.5 }]);
    expect(r.integrated_lufs).toBe(-21.8);
    expect(r.true_peak_dbtp).toBe(-1.7);
    expect(r.loudness_range_lu).toBe(3);
    expect(r.tracks.brightness[0]).toBe(110);
    expect(r.tracks.motion[0]).toBe(3.5);
    expect(r.loudness_track[0]).toBeCloseTo(-20, 1);
    expect(r.loudness_track[4]).toBe(-70);
    expect(r.loudness_track).toHaveLength(5);
  });

  it('drops the audio signals for a video without audio', () => {
    const c = new SignalCollector();
    const r = c.finish(2, false);
    expect(r.silences).toEqual([]);
    expect(r.integrated_lufs).toBeNull();
    expect(r.loudness_track).toEqual([]);
  });

  it('records static runs from low YDIF samples', () => {
    const c = new SignalCollector();
    const ydif = [0, 5, 5, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 6, 6];
    ydif.forEach((v, i) => {
      c.line(`[metadata@ydif @ 0x1] frame:${i} pts:${i} pts_time:${i * 0.25}`);
      c.line(`[metadata@ydif @ 0x1] lavfi.signalstats.YDIF=${v}`);
    });
    const r = c.finish(4, true);
    expect(r.static_segments).toEqual([{ start_s: 0.5, end_s: 3.25 }]);
  });
});

describe('CutDetector', () => {
  const feed = (scores: number[], fps = 30) => {
    const d = new CutDetector();
    scores.forEach((s, i) => d.push(i / fps, s));
    d.flush();
    return d.cuts;
  };
  it('finds isolated spikes', () => {
    const s = Array.from({ length: 120 }, () => 0.3);
    s[30] = 40;
    s[75] = 25;
    expect(feed(s)).toEqual([1, 2.5]);
  });
  it('ignores uniformly high scores (fast motion) and small blips', () => {
    const s = Array.from({ length: 120 }, (_, i) => 12 + (i % 3));
    expect(feed(s)).toEqual([]);
    const t = Array.from({ length: 60 }, () => 0.2);
    t[20] = 5;
    expect(feed(t)).toEqual([]);
  });
  it('keeps one cut for a two-frame transition', () => {
    const s = Array.from({ length: 60 }, () => 0.5);
    s[20] = 30;
    s[21] = 28;
    expect(feed(s)).toEqual([0.667]);
  });
  it('finds a cut right after a busy shot (changes of ~10 per frame), into a calm one', () => {
    const s = [...Array.from({ length: 45 }, (_, i) => 10 + (i % 2)), 17, ...Array.from({ length: 30 }, () => 0.5)];
    expect(feed(s)).toEqual([1.5]);
  });
  it('does not take the end of a freeze (or a still shot starting to move) for a cut', () => {
    const s = [...Array.from({ length: 30 }, () => 10), ...Array.from({ length: 30 }, () => 0), ...Array.from({ length: 30 }, () => 10)];
    expect(feed(s)).toEqual([]);
    const still = [...Array.from({ length: 40 }, () => 0.1), 12, 11, 12, 13, 12, 11, 12, 12];
    expect(feed(still)).toEqual([]);
  });
  it('detects a cut in the last frames of the stream', () => {
    const s = Array.from({ length: 40 }, () => 0.5);
    s[38] = 50;
    expect(feed(s)).toEqual([1.267]);
  });
});

describe('CutDetector with colour histograms', () => {
  /** A 64×64 yuv420p frame: luma and chroma drawn from [lo, hi) by a seeded generator (a busy texture when wide). */
  const frame = (seed: number, y: [number, number], u: [number, number], v: [number, number]) => {
    const b = new Uint8Array(HIST_FRAME_BYTES);
    let a = seed >>> 0;
    const rnd = () => ((a = (Math.imul(a, 1664525) + 1013904223) >>> 0) / 4294967296);
    const n = HIST_SIDE * HIST_SIDE;
    for (let i = 0; i < n; i++) b[i] = y[0] + Math.floor(rnd() * (y[1] - y[0]));
    for (let i = 0; i < n / 4; i++) {
      b[n + i] = u[0] + Math.floor(rnd() * (u[1] - u[0]));
      b[n + n / 4 + i] = v[0] + Math.floor(rnd() * (v[1] - v[0]));
    }
    return histogramOf(b);
  };
  const noiseA = (i: number) => frame(i + 1, [30, 120], [100, 140], [130, 170]);
  const noiseB = (i: number) => frame(i + 500, [90, 230], [120, 160], [90, 130]);
  const white = () => frame(9, [235, 255], [126, 130], [126, 130]);
  const feed = (frames: Array<{ s: number; h: ReturnType<typeof histogramOf> }>) => {
    const d = new CutDetector();
    frames.forEach((f, i) => d.push(i / 30, f.s, f.h));
    d.flush();
    return d.cuts;
  };

  it('finds a cut between two busy textures whose every frame changes as much as the cut', () => {
    // Frame change ~30 everywhere: no frame stands out by its difference, only the colour mix moves at frame 45.
    const frames = Array.from({ length: 90 }, (_, i) => ({ s: 30 + (i % 3), h: i < 45 ? noiseA(i) : noiseB(i) }));
    expect(feed(frames)).toEqual([1.5]);
  });
  it('finds nothing inside one busy texture', () => {
    expect(feed(Array.from({ length: 90 }, (_, i) => ({ s: 30 + (i % 3), h: noiseA(i) })))).toEqual([]);
  });
  it('does not take a two-frame flash for a cut, by frame change or by colour', () => {
    const frames = Array.from({ length: 90 }, (_, i) => ({ s: 0.5, h: noiseA(i) }));
    frames[40] = { s: 60, h: white() };
    frames[41] = { s: 1, h: white() };
    frames[42] = { s: 60, h: noiseA(42) };
    expect(feed(frames)).toEqual([]);
  });
  it('still finds a real cut two seconds after a flash', () => {
    const frames = Array.from({ length: 120 }, (_, i) => ({ s: 0.5, h: i < 100 ? noiseA(i) : noiseB(i) }));
    frames[40] = { s: 60, h: white() };
    frames[41] = { s: 60, h: noiseA(41) };
    frames[100] = { s: 40, h: noiseB(100) };
    expect(feed(frames)).toEqual([3.333]);
  });
});

describe('histogramDistance', () => {
  const flat = (y: number, u = 128, v = 128) => {
    const b = new Uint8Array(HIST_FRAME_BYTES);
    const n = HIST_SIDE * HIST_SIDE;
    b.fill(y, 0, n);
    b.fill(u, n, n + n / 4);
    b.fill(v, n + n / 4);
    return histogramOf(b);
  };
  it('is 0 for the same picture, small for a small exposure step, large for another picture', () => {
    expect(histogramDistance(flat(100), flat(100))).toBe(0);
    expect(histogramDistance(flat(100), flat(108))).toBeLessThan(0.05);
    expect(histogramDistance(flat(40), flat(200))).toBeGreaterThan(0.5);
  });
  it('sees a change of colour at the same brightness', () => {
    expect(histogramDistance(flat(120, 90, 170), flat(120, 170, 90))).toBeGreaterThan(0.3);
  });
  it('splits a raw stream into frames whatever the chunk sizes', () => {
    const s = new HistogramStream();
    const two = Buffer.alloc(HIST_FRAME_BYTES * 2, 77);
    expect(s.push(two.subarray(0, 1000)).length).toBe(0);
    expect(s.push(two.subarray(1000, HIST_FRAME_BYTES + 5)).length).toBe(1);
    expect(s.push(two.subarray(HIST_FRAME_BYTES + 5)).length).toBe(1);
  });
});
