import Timecode from 'smpte-timecode';
import { frameAt, secondsAtFrame, timecode, timelineRateFor } from './timeline-rate';

describe('timelineRateFor: the editor timeline a video goes on', () => {
  it.each([
    [23.976, 24000, 1001, 24, '23.976'],
    [24, 24, 1, 24, '24'],
    [25, 25, 1, 25, '25'],
    [29.97, 30000, 1001, 30, '29.97'],
    [30, 30, 1, 30, '30'],
    [50, 50, 1, 50, '50'],
    [59.94, 60000, 1001, 60, '59.94'],
    [60, 60, 1, 60, '60'],
    [119.88, 120000, 1001, 120, '119.88'],
  ])('%p fps plays on its own rate, as an exact fraction', (fps, num, den, timebase, label) => {
    const rate = timelineRateFor(fps);
    expect(rate).toMatchObject({ fpsNumerator: num, fpsDenominator: den, timebase, label, conformNote: null, ntsc: den === 1001 });
  });

  it('only 29.97 and 59.94 can count drop-frame timecode (23.976 cannot)', () => {
    expect([23.976, 25, 29.97, 30, 59.94, 119.88].map((fps) => timelineRateFor(fps).dropFrameCapable)).toEqual([false, false, true, false, true, false]);
  });

  it('a rate no editor offers goes on a whole multiple of it, else the nearest rate, and says so', () => {
    expect(timelineRateFor(15)).toMatchObject({ label: '30', conformNote: '15 fps is not an editor timeline rate' });
    expect(timelineRateFor(12.5)).toMatchObject({ label: '25' });
    expect(timelineRateFor(14.985)).toMatchObject({ label: '29.97' });
    expect(timelineRateFor(240)).toMatchObject({ label: '120' });
    expect(timelineRateFor(27)).toMatchObject({ label: '25', conformNote: '27 fps is not an editor timeline rate' });
  });

  it('a variable frame rate has no rate of its own: its average picks the timeline, and the note says so', () => {
    expect(timelineRateFor(29.97, true)).toMatchObject({ label: '29.97', conformNote: 'variable frame rate (29.97 fps on average)' });
    expect(timelineRateFor(24.6, true)).toMatchObject({ label: '25', conformNote: 'variable frame rate (24.6 fps on average)' });
    expect(timelineRateFor(14.985, true)).toMatchObject({ label: '23.976' }); // nearest, not a multiple: its frames are not regular
  });

  it('falls back to 30 for a rate the file did not give', () => {
    expect(timelineRateFor(0).label).toBe('30');
    expect(timelineRateFor(Number.NaN).label).toBe('30');
  });
});

describe('frames at exact fractional rates', () => {
  it('counts 29.97 frames as 30000/1001 per second, not as 29.97 or 30', () => {
    const rate = timelineRateFor(29.97);
    expect(frameAt(rate, 60)).toBe(1798); // 60 × 30000 / 1001 = 1798.2
    expect(frameAt(rate, 600)).toBe(17982);
    expect(frameAt(rate, 3600)).toBe(107892);
    expect(secondsAtFrame(rate, 17982)).toBeCloseTo(599.9994, 4);
    for (const seconds of [0, 0.5, 9.5, 17.3, 599.9, 3599.99]) expect(Math.abs(secondsAtFrame(rate, frameAt(rate, seconds)) - seconds)).toBeLessThanOrEqual(1001 / 30000 / 2);
  });
});

describe('timecode: checked against smpte-timecode (an implementation nobody here wrote)', () => {
  const cases: [number, number][] = [
    [29.97, 0], [29.97, 1799], [29.97, 1800], [29.97, 17981], [29.97, 17982], [29.97, 107892], [29.97, 215784 + 4321],
    [59.94, 3599], [59.94, 3600], [59.94, 35964], [59.94, 431568 + 77],
  ];
  it.each(cases)('%p fps drop-frame at frame %p', (fps, frame) => {
    const rate = timelineRateFor(fps);
    const ours = timecode(rate, frame, true);
    expect(ours).toBe(Timecode(frame, [rate.fpsNumerator, rate.fpsDenominator], true).toString());
    expect(Timecode(ours, [rate.fpsNumerator, rate.fpsDenominator], true).frameCount).toBe(frame);
  });

  it.each([
    [23.976, 86399], [24, 86400 + 23], [25, 90000 + 24], [29.97, 108000 + 1798], [30, 108000 + 29], [59.94, 216000 + 59],
  ])('%p fps non-drop at frame %p', (fps, frame) => {
    const rate = timelineRateFor(fps);
    const ours = timecode(rate, frame);
    expect(ours).toMatch(/^\d\d:\d\d:\d\d:\d\d$/);
    expect(Timecode(ours, [rate.fpsNumerator, rate.fpsDenominator], false).frameCount).toBe(frame);
  });

  it('labels ten 29.97 minutes 00:10:00;00 drop-frame, and 00:09:59:12 non-drop (0.1 % behind the clock)', () => {
    const rate = timelineRateFor(29.97);
    expect(timecode(rate, frameAt(rate, 600), true)).toBe('00:10:00;00');
    expect(timecode(rate, frameAt(rate, 600))).toBe('00:09:59:12');
    expect(() => timecode(timelineRateFor(23.976), 100, true)).toThrow(/Drop-frame timecode does not exist at 23.976/);
  });
});
