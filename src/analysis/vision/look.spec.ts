import { isText, pickVisionFrames, toMetrics } from './look';

const thumbs = (seconds: number, rate = 2) => Array.from({ length: seconds * rate }, (_, i) => ({ time_s: i / rate, file: `t${i + 1}.jpg` }));

describe('which frames are read', () => {
  it('spreads 12 over the video; speech that those already cover gets none extra', () => {
    const frames = pickVisionFrames(thumbs(60), 60, [{ start_s: 0, end_s: 60 }]);
    expect(frames.map((f) => f.time_s)).toEqual([2.5, 7.5, 12.5, 17.5, 22.5, 27.5, 32.5, 37.5, 42.5, 47.5, 52.5, 57.5]);
  });

  it('adds frames in a short stretch of speech until 6 of those read are in it (captions show while someone speaks)', () => {
    const speech = [{ start_s: 40, end_s: 50 }];
    const frames = pickVisionFrames(thumbs(60), 60, speech);
    const inSpeech = frames.filter((f) => f.time_s >= 40 && f.time_s <= 50);
    expect(inSpeech).toHaveLength(6);
    expect(frames).toHaveLength(16);
    expect(new Set(frames.map((f) => f.file)).size).toBe(frames.length);
  });

  it('a video shorter than 12 thumbnails reads each once', () => {
    expect(pickVisionFrames(thumbs(3), 3, [])).toHaveLength(6);
  });
});

describe('what counts as text', () => {
  it('keeps confident lines with letters or digits together, drops texture read as junk', () => {
    expect(isText('FOLLOW FOR MORE', 91)).toBe(true);
    expect(isText('01:00:05:00', 92)).toBe(true);
    expect(isText('7 R=', 63)).toBe(false);
    expect(isText('| EE', 65)).toBe(false);
    expect(isText('FOLLOW FOR MORE', 45)).toBe(false);
  });

  it('boxes become fractions of the frame; tiny and taller-than-wide lines are dropped', () => {
    const seen = {
      width: 480, height: 854,
      lines: [
        { text: 'SO START WITH', confidence: 95, x0: 100, y0: 450, x1: 380, y1: 480 },
        { text: 'tiny words', confidence: 95, x0: 10, y0: 10, x1: 60, y1: 15 },
        { text: 'Hel', confidence: 80, x0: 200, y0: 100, x1: 230, y1: 200 },
      ],
      faces: [{ score: 0.9, x: 120, y: 200, w: 240, h: 300 }],
    };
    const m = toMetrics(4.5, seen);
    expect(m.text).toEqual([{ time_s: 4.5, text: 'SO START WITH', confidence: 95, box: { x: 0.208, y: 0.527, w: 0.583, h: 0.035 } }]);
    expect(m.faces).toEqual([{ time_s: 4.5, score: 0.9, box: { x: 0.25, y: 0.234, w: 0.5, h: 0.351 } }]);
  });
});
