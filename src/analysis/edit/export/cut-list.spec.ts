import { TEST_RATES, timelineOnFrames } from '../../../../test/support/edit-files';
import { cutListOf, recordFrameOf } from './cut-list';
import { EditExportError } from './errors';

const ntsc = TEST_RATES['29.97'];
const marker = (start: number, end: number, name = 'm') => ({ startSeconds: (start * 1001) / 30000, endSeconds: (end * 1001) / 30000, name, note: '' });

describe('cutListOf: the kept pieces as whole frames and where each lands on the edited timeline', () => {
  it('counts 29.97 in frames of exactly 1001/30000 s and places each piece after the one before', () => {
    const cuts = cutListOf(timelineOnFrames(ntsc, [[0, 90], [150, 300], [420, 1000]], { sourceFrames: 1200 }));
    expect(cuts.rate).toMatchObject({ fpsNumerator: 30000, fpsDenominator: 1001, timebase: 30, ntsc: true });
    expect(cuts.sourceFrames).toBe(1200);
    expect(cuts.pieces).toEqual([
      { sourceIn: 0, sourceOut: 90, recordIn: 0 },
      { sourceIn: 150, sourceOut: 300, recordIn: 90 },
      { sourceIn: 420, sourceOut: 1000, recordIn: 240 },
    ]);
    expect(cuts.totalFrames).toBe(820);
    expect(cuts.warning).toBeNull();
  });

  it('joins pieces that touch (a cut of nothing is no cut) and snaps times a hair off the grid to their frame', () => {
    const timeline = timelineOnFrames(ntsc, [[0, 90], [90, 120]]);
    timeline.kept[1]!.endSeconds += 0.0004;
    expect(cutListOf(timeline).pieces).toEqual([{ sourceIn: 0, sourceOut: 120, recordIn: 0 }]);
  });

  it('refuses an edit that keeps nothing with a typed error, never an empty timeline', () => {
    const empty = timelineOnFrames(ntsc, []);
    expect(() => cutListOf(empty)).toThrow(EditExportError);
    expect(() => cutListOf(empty)).toThrow('This edit keeps nothing of the video, so there is no timeline to export.');
    try {
      cutListOf(empty);
    } catch (error) {
      expect((error as EditExportError).code).toBe('empty_edit');
    }
  });

  it.each([
    [[[0, 90], [60, 120]], 'Kept range 2 (2.00 s–4.00 s) overlaps or comes before the range before it.'],
    [[[100, 90]], 'Kept range 1 (3.34 s–3.00 s) is shorter than one frame.'],
    [[[0, 90], [100, 400]], 'Kept range 2 (3.34 s–13.35 s) ends after the video (10.01 s).'],
  ] as [Array<[number, number]>, string][])('names the range that is wrong: %j', (kept, message) => {
    const timeline = timelineOnFrames(ntsc, kept, { sourceFrames: 300 });
    expect(() => cutListOf(timeline)).toThrow(message);
  });

  it('refuses a range before the video and a rate that is not one', () => {
    const before = timelineOnFrames(ntsc, [[0, 90]]);
    before.kept[0]!.startSeconds = -1;
    expect(() => cutListOf(before)).toThrow(/starts before the video/);
    expect(() => cutListOf({ ...timelineOnFrames(ntsc, [[0, 90]]), frameRate: { num: 0, den: 1 } })).toThrow(/is not a rate/);
  });

  it('keeps a timeline at the nominal rate for a variable-frame-rate source, with a warning, and conforms 15 fps to 30', () => {
    const vfr = cutListOf(timelineOnFrames(ntsc, [[0, 90]], { variableFrameRate: true }));
    expect(vfr.rate.fpsNumerator).toBe(30000);
    expect(vfr.warning).toBe('This timeline is at 29.97 fps: variable frame rate (29.97 fps on average). Cuts land on its frames; check them after relinking.');
    const fifteen = cutListOf(timelineOnFrames({ num: 15, den: 1 }, [[0, 30], [45, 60]]));
    expect(fifteen.rate.fpsNumerator).toBe(30);
    expect(fifteen.pieces).toEqual([{ sourceIn: 0, sourceOut: 60, recordIn: 0 }, { sourceIn: 90, sourceOut: 120, recordIn: 60 }]);
    expect(fifteen.warning).toMatch(/15 fps is not an editor timeline rate/);
  });
});

describe('markers on the edited timeline', () => {
  const timeline = (markers: ReturnType<typeof marker>[]) => timelineOnFrames(ntsc, [[0, 90], [150, 300]], { markers, sourceFrames: 400 });

  it('moves a moment in a kept piece by the frames removed before it, and drops one inside a removed range', () => {
    const { markers } = cutListOf(timeline([marker(200, 200, 'kept'), marker(30, 30, 'first'), marker(120, 120, 'gone'), marker(350, 350, 'after the end')]));
    expect(markers).toEqual([
      { recordIn: 30, frames: 1, name: 'first', note: '' },
      { recordIn: 140, frames: 1, name: 'kept', note: '' },
    ]);
  });

  it('clips a range straddling a cut to its kept part, and joins a range across a cut into one span on the new times', () => {
    const { markers } = cutListOf(timeline([marker(100, 170, 'starts in the cut'), marker(60, 200, 'across the cut'), marker(95, 140, 'all cut'), marker(80, 120, 'ends in the cut')]));
    expect(markers).toEqual([
      { recordIn: 60, frames: 80, name: 'across the cut', note: '' }, // 60→90 then 150→200: 30 + 50 frames
      { recordIn: 80, frames: 10, name: 'ends in the cut', note: '' },
      { recordIn: 90, frames: 20, name: 'starts in the cut', note: '' },
    ]);
  });

  it('maps a source frame to its edited frame, or null when it is cut (the frame after a piece is not in it)', () => {
    const { pieces } = cutListOf(timeline([]));
    expect([0, 89, 90, 149, 150, 299, 300].map((f) => recordFrameOf(pieces, f))).toEqual([0, 89, null, null, 90, 239, null]);
  });
});
