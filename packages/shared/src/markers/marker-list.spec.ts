import { reportWithIssues, sampleReport } from '../../../../test/support/marker-files';
import { DROP_OFF_DEFAULT_FIX, editorMarkersOf, markerName, markerNote, videoStem } from './marker-list';

describe('editorMarkersOf: every shown issue and predicted drop-off, in time order', () => {
  it('turns the sample report into 4 issue markers and 2 drop-off markers, each with severity, title and fix', () => {
    const report = sampleReport();
    const markers = editorMarkersOf(report);
    expect(markers.map((m) => [m.kind, m.seconds, m.severity])).toEqual([
      ['issue', 0, 'high'],
      ['issue', 0, 'medium'],
      ['issue', 9.5, 'high'],
      ['drop_off', 10, 'high'],
      ['issue', 24.64, 'medium'],
      ['drop_off', 26, 'low'],
    ]);
    for (const marker of markers) {
      expect(marker.title).not.toBe('');
      expect(marker.fix).not.toBe('');
      expect(marker.evidence).not.toBe('');
    }
    expect(markers.filter((m) => m.kind === 'issue').map((m) => m.title)).toEqual(report.prevention_analytics.prevention_fixes.map((f) => f.title));
  });

  it("a drop-off takes the fix of the shown issue inside its evidence interval, spans that interval, and is sized by its predicted loss", () => {
    const [, , nothingHappens, bigDrop] = editorMarkersOf(sampleReport());
    expect(bigDrop).toMatchObject({ title: 'Predicted drop-off (−14.8% of viewers)', severity: 'high', fix: nothingHappens!.fix, durationSeconds: 6 });
    expect(bigDrop!.evidence).toBe('6.5 s of silence over a still picture (0:09-0:16)');
  });

  it('a drop-off no shown issue explains gets the engine\'s own advice for such a moment', () => {
    const report = sampleReport();
    report.prevention_analytics.prevention_fixes = [];
    expect(editorMarkersOf(report).map((m) => m.fix)).toEqual([DROP_OFF_DEFAULT_FIX, DROP_OFF_DEFAULT_FIX]);
  });

  it('an issue that stands for several moments marks each of them, with the same title and fix', () => {
    const report = sampleReport();
    const nothing = report.prevention_analytics.prevention_fixes.find((f) => f.timestamp_seconds === 9.5)!;
    nothing.moments_seconds = [9.5, 17, 22];
    const marks = editorMarkersOf(report).filter((m) => m.kind === 'issue' && m.title === nothing.title);
    expect(marks.map((m) => m.seconds)).toEqual([9.5, 17, 22]);
    expect(new Set(marks.map((m) => m.fix))).toEqual(new Set([nothing.fix]));
  });

  it('keeps every marker inside the video', () => {
    const markers = editorMarkersOf(reportWithIssues([[-3, 'low'], [99, 'high']], { durationSeconds: 28.3 }));
    expect(markers.map((m) => m.seconds)).toEqual([0, 28.3]);
  });
});

describe('marker wording shared by every format', () => {
  it('names a marker "Severity: title" and notes the fix, then what was measured or predicted', () => {
    const [loudness, , , drop] = editorMarkersOf(sampleReport());
    expect(markerName(loudness!)).toBe('High: Audio too quiet');
    expect(markerNote(loudness!)).toMatch(/^Fix: Raise the mix .* Measured: integrated loudness -24\.9 LUFS/);
    expect(markerNote(drop!)).toMatch(/^Fix: Cut the 6\.5 s .* Predicted: 6\.5 s of silence over a still picture \(0:09-0:16\)\.$/);
  });

  it('names files after the video without its extension or folders', () => {
    expect(videoStem('launch-teaser.v2.mp4')).toBe('launch-teaser.v2');
    expect(videoStem('C:\\clips\\intro.mov')).toBe('intro');
    expect(videoStem('.mp4')).toBe('.mp4');
    expect(videoStem('')).toBe('video');
  });
});
