import { reportWithIssues, sampleReport } from '../../../../test/support/marker-files';
import { DROP_OFF_DEFAULT_FIX, editorMarkersOf, markerName, markerNote, videoStem } from './marker-list';

describe('editorMarkersOf: every shown issue and predicted drop-off, in time order', () => {
  it('turns the sample report\'s 4 issues and 2 drop-offs into 4 markers: findings at the same moment share one', () => {
    const report = sampleReport();
    const markers = editorMarkersOf(report);
    expect(markers.map((m) => [m.kind, m.seconds, m.severity, m.findings.length])).toEqual([
      ['issue', 0, 'high', 2],
      ['issue', 9.5, 'high', 2],
      ['issue', 24.64, 'medium', 1],
      ['drop_off', 26, 'low', 1],
    ]);
    for (const finding of markers.flatMap((m) => m.findings)) {
      expect(finding.title).not.toBe('');
      expect(finding.fix).not.toBe('');
      expect(finding.evidence).not.toBe('');
    }
    const issueTitles = markers.flatMap((m) => m.findings.filter((f) => f.kind === 'issue').map((f) => f.title));
    expect(issueTitles).toEqual(report.prevention_analytics.prevention_fixes.map((f) => f.title));
  });

  it("a drop-off takes the fix of the shown issue inside its evidence interval, spans that interval, and is sized by its predicted loss", () => {
    const [, nothingHappens] = editorMarkersOf(sampleReport());
    const [issue, bigDrop] = nothingHappens!.findings;
    expect(bigDrop).toMatchObject({ kind: 'drop_off', title: 'Predicted drop-off (−14.8% of viewers)', severity: 'high', fix: issue!.fix });
    expect(bigDrop!.evidence).toBe('6.5 s of silence over a still picture (0:09-0:16)');
    // The marker spans the drop-off's evidence, 0:09.5 → 0:16.
    expect(nothingHappens!.durationSeconds).toBe(6.5);
  });

  it('spans each issue over its stretch (end_seconds), and each moment of a repeated one over its own', () => {
    const report = reportWithIssues([[25, 'high', 'Dead air'], [40, 'medium', 'Nothing happens']], { durationSeconds: 60 });
    const [dead, nothing] = report.prevention_analytics.prevention_fixes;
    dead!.end_seconds = 34;
    Object.assign(nothing!, { moments_seconds: [40, 50], moment_ends_seconds: [43, 70], end_seconds: 70 });
    expect(editorMarkersOf(report).map((m) => [m.seconds, m.durationSeconds])).toEqual([[25, 9], [40, 3], [50, 10]]); // the last clamped to the video's end
  });

  it('merges findings that start within a second of each other, most severe first, and names the rest', () => {
    const markers = editorMarkersOf(reportWithIssues([[0, 'low', 'A'], [0.5, 'high', 'B'], [0.9, 'medium', 'C'], [1.2, 'low', 'D']]));
    expect(markers.map((m) => [m.seconds, m.findings.map((f) => f.title)])).toEqual([[0, ['B', 'C', 'A']], [1.2, ['D']]]);
    expect(markerName(markers[0]!)).toBe('High: B (+2 more)');
    expect(markerNote(markers[0]!)).toMatch(/^3 findings here\. 1\) High: B\. Fix: .* 2\) Medium: C\. Fix: .* 3\) Low: A\. Fix: /);
  });

  it('a drop-off no shown issue explains gets the engine\'s own advice for such a moment', () => {
    const report = sampleReport();
    report.prevention_analytics.prevention_fixes = [];
    expect(editorMarkersOf(report).flatMap((m) => m.findings.map((f) => f.fix))).toEqual([DROP_OFF_DEFAULT_FIX, DROP_OFF_DEFAULT_FIX]);
  });

  it('an issue that stands for several moments marks each of them, with the same title and fix', () => {
    const report = sampleReport();
    const nothing = report.prevention_analytics.prevention_fixes.find((f) => f.timestamp_seconds === 9.5)!;
    nothing.moments_seconds = [9.5, 17, 22];
    const marks = editorMarkersOf(report).filter((m) => m.findings.some((f) => f.title === nothing.title));
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
    const [opening, , , drop] = editorMarkersOf(sampleReport());
    const loudness = { ...opening!, findings: [opening!.findings[0]!] };
    expect(markerName(loudness)).toBe('High: Audio too quiet');
    expect(markerNote(loudness)).toMatch(/^Fix: Raise the mix .* Measured: integrated loudness -24\.9 LUFS/);
    expect(markerNote(drop!)).toMatch(/^Fix: .* Predicted: 3\.7 s of silence \(0:24-0:28\)\.$/);
  });

  it('names files after the video without its extension or folders', () => {
    expect(videoStem('launch-teaser.v2.mp4')).toBe('launch-teaser.v2');
    expect(videoStem('C:\\clips\\intro.mov')).toBe('intro');
    expect(videoStem('.mp4')).toBe('.mp4');
    expect(videoStem('')).toBe('video');
  });
});
