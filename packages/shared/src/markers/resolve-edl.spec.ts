import { readMarkerEdl, reportWithIssues, sampleReport } from '../../../../test/support/marker-files';
import { editorMarkersOf, markerName, markerNote } from './marker-list';
import { buildResolveEdl, edlText, EDL_MAX_EVENTS, RESOLVE_COLORS } from './resolve-edl';
import { frameAt, timelineRateFor } from './timeline-rate';

describe('buildResolveEdl: a CMX 3600 marker EDL as DaVinci Resolve reads it (timecodes read by smpte-timecode)', () => {
  it.each([
    [23.976, [24000, 1001] as [number, number]],
    [25, [25, 1] as [number, number]],
    [29.97, [30000, 1001] as [number, number]],
    [59.94, [60000, 1001] as [number, number]],
  ])('at %p fps every marker is one cut event at 01:00:00:00 + its frame, in non-drop timecode', (fps, frameRate) => {
    const report = sampleReport({ fps });
    const rate = timelineRateFor(fps);
    const edl = buildResolveEdl(report);
    const { title, fcm, events } = readMarkerEdl(edl, frameRate, false);
    expect(title).toBe('sample-video Preflight markers');
    expect(fcm).toBe('NON-DROP FRAME');
    const markers = editorMarkersOf(report);
    expect(events.map((e) => e.number)).toEqual(markers.map((_, i) => i + 1));
    const hour = rate.timebase * 3600;
    events.forEach((event, i) => {
      expect(event).toMatchObject({ reel: '001', track: 'V', transition: 'C' });
      expect(event.recordIn.frameCount).toBe(hour + frameAt(rate, markers[i]!.seconds));
      expect(event.recordOut.frameCount).toBe(event.recordIn.frameCount + 1);
      expect(event.sourceIn.frameCount).toBe(event.recordIn.frameCount);
      expect(event.name).toBe(edlText(markerName(markers[i]!)));
      expect(event.note).toBe(edlText(markerNote(markers[i]!)));
      expect(event.durationFrames).toBe(Math.max(1, frameAt(rate, markers[i]!.seconds + markers[i]!.durationSeconds) - frameAt(rate, markers[i]!.seconds)));
    });
  });

  it('colours issues by severity and drop-offs purple, and gives each marker its span in frames', () => {
    const { events } = readMarkerEdl(buildResolveEdl(sampleReport({ fps: 30 })), 30);
    expect(events.map((e) => e.color)).toEqual([RESOLVE_COLORS.high, RESOLVE_COLORS.high, RESOLVE_COLORS.medium, RESOLVE_COLORS.drop_off]);
    // 9.5 s with the drop-off that runs to 16 s; 26 s → the end (28.3 s)
    expect(events.map((e) => e.durationFrames)).toEqual([1, 195, 1, 69]);
    expect(events[1]!.name).toBe('High: Nothing happens (+1 more)');
    expect(events[3]!.name).toBe('Low: Predicted drop-off (-2% of viewers)');
  });

  it('a dead air from 0:25 to 0:34 lasts 270 frames at 30 fps, not one', () => {
    const report = reportWithIssues([[25, 'high', 'Dead air']], { fps: 30, durationSeconds: 60 });
    report.prevention_analytics.prevention_fixes[0]!.end_seconds = 34;
    const { events } = readMarkerEdl(buildResolveEdl(report), 30);
    expect(events.map((e) => [e.recordIn.frameCount - 30 * 3600, e.durationFrames])).toEqual([[750, 270]]);
  });

  it('at 29.97 the frame is exact and the non-drop label runs behind the clock: 10:00 real time reads 01:09:59:12', () => {
    const { events } = readMarkerEdl(buildResolveEdl(reportWithIssues([[600, 'high']], { fps: 29.97, durationSeconds: 700 })), [30000, 1001]);
    expect(events[0]!.recordIn.toString()).toBe('01:09:59:12');
    expect(events[0]!.recordIn.frameCount - 30 * 3600).toBe(17982); // 600 × 30000/1001
  });

  it('is plain ASCII on CRLF lines, with Resolve\'s "|" separator never inside a text', () => {
    const report = reportWithIssues([[1, 'low', 'Pipes | and “quotes” — dashes, café, ≥ 10 s… 🎬']], { filename: 'Vidéo finale.mp4' });
    const edl = buildResolveEdl(report);
    expect(edl).toMatch(/^[\x20-\x7e\r\n]*$/);
    expect(edl.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const { title, events } = readMarkerEdl(edl, 30);
    expect(title).toBe('Video finale Preflight markers');
    expect(events[0]!.name).toBe('Low: Pipes / and "quotes" - dashes, cafe, >= 10 s...');
  });

  it(`stops at ${EDL_MAX_EVENTS} events, the most CMX 3600 numbers`, () => {
    const many = reportWithIssues(Array.from({ length: 1005 }, (_, i) => [i * 3, 'low'] as [number, 'low']), { durationSeconds: 3600 });
    const { events } = readMarkerEdl(buildResolveEdl(many), 30);
    expect(events).toHaveLength(EDL_MAX_EVENTS);
    expect(events.at(-1)!.number).toBe(999);
  });
});
