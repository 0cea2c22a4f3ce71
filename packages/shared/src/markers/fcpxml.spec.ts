import { fcpxmlDtdErrors, fcpxmlSeconds, parseXml, reportWithIssues, sampleReport } from '../../../../test/support/marker-files';
import { buildFcpxml } from './fcpxml';
import { editorMarkersOf, markerName } from './marker-list';

interface Marker {
  '@_start': string;
  '@_duration': string;
  '@_value': string;
  '@_note': string;
  '@_completed'?: string;
}

/** What Final Cut Pro would read: the format, the sequence and the gap's markers. */
function read(xml: string) {
  const doc = parseXml(xml) as {
    fcpxml: {
      '@_version': string;
      resources: { format: Record<string, string> };
      library: { event: { project: { sequence: Record<string, string> & { spine: { gap: Record<string, string> & { marker: Marker[] } } } } }[] };
    };
  };
  const sequence = doc.fcpxml.library.event[0]!.project.sequence;
  return { version: doc.fcpxml['@_version'], format: doc.fcpxml.resources.format, sequence, gap: sequence.spine.gap, markers: sequence.spine.gap.marker };
}

describe('buildFcpxml: Final Cut Pro markers that Apple\'s FCPXML 1.11 DTD accepts (xmllint)', () => {
  it.each([23.976, 24, 25, 29.97, 30, 50, 59.94, 60, 15, 12.5])('validates at %p fps', (fps) => {
    expect(fcpxmlDtdErrors(buildFcpxml(sampleReport({ fps })))).toBeNull();
  });

  it('validates a variable-frame-rate video, a 1-hour video and hostile text', () => {
    expect(fcpxmlDtdErrors(buildFcpxml(sampleReport({ fps: 29.87, variableFrameRate: true })))).toBeNull();
    expect(fcpxmlDtdErrors(buildFcpxml(reportWithIssues([[0, 'high'], [1800, 'low'], [3599.9, 'medium']], { durationSeconds: 3600 })))).toBeNull();
    const hostile = reportWithIssues([[2, 'high', 'Quotes " and \' & <tags> \u0007 bell and émoji 🎬']], { filename: 'a"b<c>&d.mp4' });
    const xml = buildFcpxml(hostile);
    expect(fcpxmlDtdErrors(xml)).toBeNull();
    expect(read(xml).markers[0]!['@_value']).toBe('High: Quotes " and \' & <tags>  bell and émoji 🎬');
  });

  it('is really checked: the DTD refuses a marker without a name, a marker in the spine and another version', () => {
    const xml = buildFcpxml(sampleReport());
    expect(fcpxmlDtdErrors(xml.replace(/ value="[^"]*"/, ''))).toMatch(/Element marker does not carry attribute value/);
    expect(fcpxmlDtdErrors(xml.replace('<spine>', '<spine><marker start="0s" value="x"/>'))).toMatch(/Element spine content does not follow the DTD/);
    expect(fcpxmlDtdErrors(xml.replace('version="1.11"', 'version="1.10"'))).toMatch(/Value for attribute version of fcpxml is different from default/);
  });

  it('puts each marker on the 29.97 frame grid (n × 1001/30000 s) within half a frame of its time', () => {
    const report = sampleReport({ fps: 29.97 });
    const { format, sequence, gap, markers } = read(buildFcpxml(report));
    expect(format['@_frameDuration']).toBe('1001/30000s');
    expect(sequence['@_tcFormat']).toBe('DF');
    const frame = 1001 / 30000;
    expect(fcpxmlSeconds(gap['@_duration']!)).toBeCloseTo(Math.round(28.3 / frame) * frame, 9);
    const expected = editorMarkersOf(report);
    expect(markers).toHaveLength(expected.length);
    markers.forEach((marker, i) => {
      const [num, den] = marker['@_start'] === '0s' ? [0, 30000] : marker['@_start'].replace(/s$/, '').split('/').map(Number);
      expect(den).toBe(30000);
      expect(num! % 1001).toBe(0); // a whole number of frames
      expect(Math.abs(fcpxmlSeconds(marker['@_start']) - expected[i]!.seconds)).toBeLessThanOrEqual(frame / 2);
      // As long as the marker's stretch, on the same grid; one frame for an instant.
      const frames = Math.max(1, Math.round((expected[i]!.seconds + expected[i]!.durationSeconds) / frame) - Math.round(expected[i]!.seconds / frame));
      expect(marker['@_duration']).toBe(`${frames * 1001}/30000s`);
      expect(marker['@_value']).toBe(markerName(expected[i]!));
      expect(marker['@_note']).toContain(`Fix: ${expected[i]!.fix}`);
    });
  });

  it('makes issues to-do markers and drop-offs standard markers; a drop-off that starts with an issue joins its marker', () => {
    const { markers } = read(buildFcpxml(sampleReport()));
    expect(markers.map((m) => [m['@_value'].startsWith('High: Predicted drop-off') || m['@_value'].startsWith('Low: Predicted drop-off'), m['@_completed'] ?? null])).toEqual([
      [false, '0'], [false, '0'], [false, '0'], [true, null],
    ]);
    expect(markers[1]!['@_value']).toBe('High: Nothing happens (+1 more)');
  });

  it('spans a dead air from 0:25 to 0:34 (9 s, not one frame), and merges findings at 0:00 into one marker listing them', () => {
    const report = reportWithIssues([[0, 'high', 'Audio too quiet'], [0, 'medium', 'Slow hook'], [0.4, 'medium', 'Frozen opening'], [25, 'high', 'Dead air']], { fps: 30, durationSeconds: 60 });
    const [quiet, slow, frozen, dead] = report.prevention_analytics.prevention_fixes;
    Object.assign(quiet!, { end_seconds: 60 });
    Object.assign(slow!, { end_seconds: 6 });
    Object.assign(frozen!, { end_seconds: 6 });
    Object.assign(dead!, { end_seconds: 34 });
    const xml = buildFcpxml(report);
    expect(fcpxmlDtdErrors(xml)).toBeNull();
    const { markers } = read(xml);
    expect(markers).toHaveLength(2);
    expect(markers[0]!['@_value']).toBe('High: Audio too quiet (+2 more)');
    expect(markers[0]!['@_note']).toMatch(/^3 findings here\. 1\) High: Audio too quiet\. Fix: .* 2\) Medium: Slow hook\. .* 3\) Medium: Frozen opening\. /);
    expect(markers[0]!['@_duration']).toBe('1800/30s'); // the longest of them: the quiet mix, the whole minute
    expect(markers[1]!).toMatchObject({ '@_start': '750/30s', '@_duration': '270/30s', '@_value': 'High: Dead air' });
  });

  it('uses the video\'s displayed size, a 25 fps grid in whole frames, non-drop timecode, and says when the rate was conformed', () => {
    const at25 = read(buildFcpxml(sampleReport({ fps: 25 })));
    expect(at25.format).toMatchObject({ '@_width': '360', '@_height': '640', '@_frameDuration': '1/25s' });
    expect(at25.sequence['@_tcFormat']).toBe('NDF');
    expect(at25.markers[1]!['@_start']).toBe('238/25s'); // 9.5 s → frame 237.5 → 238
    expect(read(buildFcpxml(sampleReport({ fps: 15 }))).sequence.note).toContain('on a 30 fps timeline (15 fps is not an editor timeline rate)');
  });

  it('keeps a marker at the very end inside the gap', () => {
    const { gap, markers } = read(buildFcpxml(reportWithIssues([[28.3, 'low']], { fps: 30, durationSeconds: 28.3 })));
    expect(fcpxmlSeconds(markers[0]!['@_start'])).toBeLessThan(fcpxmlSeconds(gap['@_duration']!));
  });
});
