import { SpeechSegmenter } from './vad';

describe('SpeechSegmenter', () => {
  const w = 0.032;
  const run = (probs: number[]) => {
    const s = new SpeechSegmenter(w);
    probs.forEach((p, i) => s.push(i * w, p));
    return s.finish();
  };
  it('opens at p >= 0.5 (minus the onset pad) and closes after 250 ms below 0.35', () => {
    const p = [...Array(10).fill(0.1), ...Array(20).fill(0.9), ...Array(20).fill(0.05)];
    const segs = run(p);
    expect(segs).toHaveLength(1);
    expect(segs[0].start_s).toBeCloseTo(10 * w - 0.032, 3);
    expect(segs[0].end_s).toBeCloseTo(30 * w, 3);
  });
  it('bridges short gaps between words and drops blips', () => {
    const p = [...Array(20).fill(0.9), ...Array(4).fill(0.1), ...Array(20).fill(0.9), ...Array(30).fill(0), 0.9, 0.9, ...Array(30).fill(0)];
    const segs = run(p);
    expect(segs).toHaveLength(1);
  });
  it('closes an open segment at the end', () => {
    expect(run([0, 0, ...Array(20).fill(0.8)])).toHaveLength(1);
  });
});
