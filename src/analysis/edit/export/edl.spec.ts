import { EDL_MAX_EVENTS } from '@preflight/shared';
import type Timecode from 'smpte-timecode';
import { readEditEdl, TEST_RATES, timelineOnFrames } from '../../../../test/support/edit-files';
import { cutListOf } from './cut-list';
import { buildEditEdl, EDL_REEL, framesPerTimecodeHour } from './edl';
import { EditExportError } from './errors';
import type { EditExportOptions, EditTimeline } from './types';

const build = (timeline: EditTimeline, options?: EditExportOptions) => buildEditEdl(timeline, cutListOf(timeline), options);
// Long enough that 29.97 drop-frame labels skip (every minute but the tenth) inside the pieces and the record.
const kept: Array<[number, number]> = [[0, 48], [1700, 1850], [1851, 19000], [20000, 36100]];

describe('buildEditEdl: a CMX 3600 EDL of the kept pieces, read back with smpte-timecode', () => {
  it.each([
    ['23.976', TEST_RATES['23.976'], [24000, 1001], false, 'NON-DROP FRAME'],
    ['25', TEST_RATES['25'], 25, false, 'NON-DROP FRAME'],
    ['29.97 DF', TEST_RATES['29.97'], [30000, 1001], true, 'DROP FRAME'],
    ['29.97 NDF', TEST_RATES['29.97'], [30000, 1001], false, 'NON-DROP FRAME'],
    ['59.94 DF', TEST_RATES['59.94'], [60000, 1001], true, 'DROP FRAME'],
    ['60', TEST_RATES['60'], 60, false, 'NON-DROP FRAME'],
  ] as [string, { num: number; den: number }, Timecode.FRAMERATE, boolean, string][])('at %s: one event per piece whose timecodes are its frames, the record from 01:00:00:00', (_, rate, frameRate, dropFrame, fcm) => {
    const edl = build(timelineOnFrames(rate, kept, { sourceFrames: 40000 }), { dropFrame });
    expect(edl).toMatch(/^[\x20-\x7e\r\n]*$/);
    const read = readEditEdl(edl, frameRate, dropFrame);
    expect(read.title).toBe('Launch teaser Preflight edit');
    expect(read.fcm).toBe(fcm);
    const hour = dropFrame ? framesPerTimecodeHour(cutListOf(timelineOnFrames(rate, kept)).rate, true) : Math.round(rate.num / rate.den) * 3600;
    let record = 0;
    read.events.forEach((event, i) => {
      const [a, b] = kept[i]!;
      expect(event).toMatchObject({ number: i + 1, reel: EDL_REEL, channels: 'AA/V', transition: 'C', clipName: 'Launch teaser.mp4' });
      expect(event.reel.length).toBeLessThanOrEqual(8);
      expect([event.sourceIn.frameCount, event.sourceOut.frameCount]).toEqual([a, b]);
      expect([event.recordIn.frameCount - hour, event.recordOut.frameCount - hour]).toEqual([record, record + b - a]);
      expect(event.recordIn.toString()).toMatch(/^01:/);
      record += b - a;
    });
    expect(read.events.map((e) => String(e.number).padStart(3, '0'))).toEqual(['001', '002', '003', '004']);
  });

  it("writes drop-frame labels with ';' and skips the dropped ones: 29.97 frame 1800 is 00:01:00;02, one hour is 107892 frames", () => {
    const edl = build(timelineOnFrames(TEST_RATES['29.97'], [[1800, 1900]], { sourceFrames: 3000 }), { dropFrame: true });
    expect(edl).toContain('00:01:00;02 00:01:03;12 01:00:00;00 01:00:03;10');
    expect(framesPerTimecodeHour(cutListOf(timelineOnFrames(TEST_RATES['29.97'], [[0, 1]])).rate, true)).toBe(107892);
    expect(build(timelineOnFrames(TEST_RATES['29.97'], [[1800, 1900]]))).toContain('FCM: NON-DROP FRAME');
  });

  it('says what each piece carries: V for a silent video, B for a mono track, AA/V for two', () => {
    const channels = (audio: EditTimeline['audio']) => readEditEdl(build(timelineOnFrames(TEST_RATES['25'], kept, { audio })), 25, false).events[0]!.channels;
    expect([channels(null), channels({ channels: 1, sampleRate: 48000 }), channels({ channels: 2, sampleRate: 48000 })]).toEqual(['V', 'B', 'AA/V']);
  });

  it('marks the findings as locators on the edited record timecode, in ASCII, and warns about a variable frame rate', () => {
    const timeline = timelineOnFrames(TEST_RATES['25'], [[0, 50], [100, 200]], {
      variableFrameRate: true,
      sourceFileName: 'Vidéo «finale».mp4',
      markers: [
        { startSeconds: 5, endSeconds: 6, name: 'Medium: Long pause', note: 'Fix: cut it — 3 s…' },
        { startSeconds: 1, endSeconds: 1, name: 'High: Slow start', note: '' },
        { startSeconds: 3, endSeconds: 3, name: 'Removed', note: '' },
      ],
    });
    const edl = build(timeline);
    expect(edl).toMatch(/^[\x20-\x7e\r\n]*$/);
    const read = readEditEdl(edl, 25, false);
    expect(read.comments).toEqual(['WARNING: This timeline is at 25 fps: variable frame rate (25 fps on average). Cuts land on its frames; check them after relinking.']);
    expect(read.events[0]!.clipName).toBe('Video finale.mp4');
    expect(read.events.map((e) => e.locators.map((l) => [l.at.toString(), l.color, l.text]))).toEqual([
      [['01:00:01:00', 'RED', 'High: Slow start']],
      [['01:00:03:00', 'RED', 'Medium: Long pause - Fix: cut it - 3 s...']],
    ]);
  });

  it(`refuses more than ${EDL_MAX_EVENTS} pieces (three-digit events) with a typed error`, () => {
    const many = Array.from({ length: EDL_MAX_EVENTS + 1 }, (_, i) => [i * 10, i * 10 + 5] as [number, number]);
    const timeline = timelineOnFrames(TEST_RATES['25'], many);
    expect(() => build(timeline)).toThrow(EditExportError);
    expect(() => build(timeline)).toThrow('This edit keeps 1000 pieces; an EDL holds at most 999. Export FCPXML, Premiere XML or MLT instead.');
    expect(readEditEdl(build(timelineOnFrames(TEST_RATES['25'], many.slice(0, EDL_MAX_EVENTS))), 25, false).events.at(-1)!.number).toBe(999);
  });
});
