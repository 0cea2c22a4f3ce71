import type { Metrics } from '@preflight/shared';
import { metricsFixture } from '../../../test/support/analysis/metrics-fixture';
import { isPlausibleText, readsAsWords } from './plausible';
import { bestLine, readText } from './reading';

type Line = NonNullable<Metrics['on_screen_text']>[number];
const frames = [0.5, 2, 3, 4, 5.5, 6.5, 7.5, 9, 10, 11, 12.5, 13.5];
const video = (lines: Line[], speech = [{ start_s: 0.3, end_s: 13.8 }]) =>
  metricsFixture({ duration_s: 14, speech_segments: speech, vision_frames_s: frames, on_screen_text: lines });
const at = (t: number, text: string, o: Partial<Line> = {}): Line => ({ time_s: t, text, confidence: 88, box: { x: 0.2, y: 0.5, w: 0.6, h: 0.04 }, ...o });
const top = (t: number, text: string, confidence: number): Line => at(t, text, { confidence, min_word_confidence: confidence, box: { x: 0.3, y: 0.004, w: 0.4, h: 0.016 } });

describe('what reads as written text', () => {
  it('words, handles, numbers and names among words pass; garbled reads and junk do not', () => {
    for (const ok of ['FOLLOW FOR PART 2', '@maya.makes.things', '01:00:02:00', "Maya's morning routine", '$9.99 only', 'HALF THEIR VIEWFRS']) expect(isPlausibleText(ok)).toBe(true);
    for (const bad of ['long siler ef Ab', 'Le tivig', '7 R=', '| EE', '[SE]', 'thmds', 'tExt here']) expect(isPlausibleText(bad)).toBe(false);
  });

  it('quoting asks more: two known words for every unknown one', () => {
    expect(readsAsWords("Maya's morning routine")).toBe(true);
    expect(readsAsWords('kes things')).toBe(false);
    expect(readsAsWords('@maker.studio')).toBe(true);
  });
});

describe('the one reading of the on-screen text', () => {
  it('a small handle at the top edge, read weakly and in part, counts as text when it repeats in place, and is never quoted in part', () => {
    const lines = [top(0.5, 'kes. thing:', 65), top(2, 'kes. thing:', 65), top(12.5, 'thing', 95), top(13.5, 'thing', 95)];
    const r = readText(video(lines));
    expect(r.lines).toHaveLength(4);
    expect(r.lines.every((l) => !l.quotable)).toBe(true);
    // Once, it is not enough: texture misread as words does not repeat in place.
    expect(readText(video(lines.slice(2, 3))).lines).toHaveLength(0);
  });

  it('a weak small line that does not spell words never counts, however often it repeats', () => {
    expect(readText(video(frames.map((t) => top(t, 'Le tivig', 55)))).lines).toHaveLength(0);
  });

  it('a title read with a letter wrong on some frames is one overlay, named by the reading most frames agree on', () => {
    const lines = frames.map((t, i) => at(t, i === 0 ? 'MY EDLFING SECRETS' : i === 3 ? '1Y EDITING SECRETS' : 'MY EDITING SECRETS', { confidence: i === 0 ? 95 : 85 }));
    const r = readText(video(lines));
    expect(r.lines.every((l) => l.role === 'overlay')).toBe(true);
    expect(r.captionFrames).toEqual([]);
    expect(bestLine(r.lines)!.text).toBe('MY EDITING SECRETS');
  });

  it('captions that differ only in a number are different captions, not one overlay', () => {
    const r = readText(video(frames.map((t, i) => at(t, `PART ${i + 1}`))));
    expect(r.lines.every((l) => l.role === 'caption')).toBe(true);
    expect(r.captionFrames).toHaveLength(12);
  });

  it('a confident line with a garbled word is text on screen, but not quoted', () => {
    const r = readText(video([at(4, 'long siler ef Ab', { confidence: 72, min_word_confidence: 64 }), at(9, 'FOLLOW FOR MORE', { confidence: 70, min_word_confidence: 31 })]));
    expect(r.lines.map((l) => [l.text, l.quotable])).toEqual([['long siler ef Ab', false], ['FOLLOW FOR MORE', false]]);
    // A report made before word confidences were stored: the line's confidence stands in.
    expect(readText(video([at(9, 'FOLLOW FOR MORE', { confidence: 70 })])).lines[0].quotable).toBe(true);
  });
});
