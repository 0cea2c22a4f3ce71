import { parseXml, reportWithIssues, sampleReport } from '../../../../test/support/marker-files';
import { editorMarkersOf, markerName, markerNote } from './marker-list';
import { buildPremiereXml } from './premiere-xml';
import { frameAt, timelineRateFor } from './timeline-rate';

type Rate = { timebase: number; ntsc: 'TRUE' | 'FALSE' };
interface Sequence {
  '@_id': string;
  name: string;
  duration: number;
  rate: Rate;
  timecode: { rate: Rate; string: string; frame: number; displayformat: string };
  media: { video: { format: { samplecharacteristics: { rate: Rate; width: number; height: number } } } };
  marker: { name: string; comment: string; in: number; out: number }[];
}

/** The FCP 7 interchange structure Premiere imports: xmeml version 4 → sequence → rate, timecode, media, markers. */
function read(xml: string): { version: string; sequence: Sequence } {
  const doc = parseXml(xml) as { xmeml: { '@_version': string; sequence: Sequence } };
  return { version: doc.xmeml['@_version'], sequence: doc.xmeml.sequence };
}

describe('buildPremiereXml: markers on a sequence in FCP 7 XML (xmeml), read back with fast-xml-parser', () => {
  it.each([
    [23.976, 24, 'TRUE', 'NDF', '00:00:00:00'],
    [25, 25, 'FALSE', 'NDF', '00:00:00:00'],
    [29.97, 30, 'TRUE', 'DF', '00:00:00;00'],
    [30, 30, 'FALSE', 'NDF', '00:00:00:00'],
    [59.94, 60, 'TRUE', 'DF', '00:00:00;00'],
  ])('at %p fps: timebase %p, ntsc %p, %p display, markers on the sequence at their frames', (fps, timebase, ntsc, display, start) => {
    const report = sampleReport({ fps });
    const rate = timelineRateFor(fps);
    const { version, sequence } = read(buildPremiereXml(report));
    expect(version).toBe('4');
    expect(sequence.rate).toEqual({ timebase, ntsc });
    expect(sequence.timecode).toEqual({ rate: { timebase, ntsc }, string: start, frame: 0, displayformat: display });
    expect(sequence.media.video.format.samplecharacteristics).toMatchObject({ rate: { timebase, ntsc }, width: 360, height: 640 });
    expect(sequence.duration).toBe(frameAt(rate, 28.3));

    const markers = editorMarkersOf(report);
    expect(sequence.marker).toHaveLength(markers.length);
    sequence.marker.forEach((m, i) => {
      expect(m.name).toBe(markerName(markers[i]!));
      expect(m.comment).toBe(markerNote(markers[i]!));
      expect(m.in).toBe(frameAt(rate, markers[i]!.seconds));
      expect(m.in).toBeLessThan(sequence.duration);
      // An instant is out -1; a stretch ends where its finding does.
      if (markers[i]!.durationSeconds === 0) expect(m.out).toBe(-1);
      else expect(m.out).toBe(Math.min(frameAt(rate, markers[i]!.seconds + markers[i]!.durationSeconds), sequence.duration));
    });
  });

  it('gives a dead air from 0:25 to 0:34 its in and out', () => {
    const report = reportWithIssues([[25, 'high', 'Dead air']], { fps: 30, durationSeconds: 60 });
    report.prevention_analytics.prevention_fixes[0]!.end_seconds = 34;
    expect(read(buildPremiereXml(report)).sequence.marker.map((m) => [m.in, m.out])).toEqual([[750, 1020]]);
  });

  it('escapes markup in names and keeps a marker at the very end inside the sequence', () => {
    const xml = buildPremiereXml(reportWithIssues([[28.3, 'high', '<b>Loud & "clipped"</b>']], { durationSeconds: 28.3 }));
    const { sequence } = read(xml);
    expect(sequence.marker[0]!.name).toBe('High: <b>Loud & "clipped"</b>');
    expect(sequence.marker[0]!.in).toBe(sequence.duration - 1);
  });
});
