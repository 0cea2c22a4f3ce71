import { parseEditXml, TEST_RATES, timelineOnFrames } from '../../../../test/support/edit-files';
import { cutListOf } from './cut-list';
import { buildMlt } from './mlt';
import type { EditTimeline } from './types';

interface Property { '@_name': string; '#text': string | number }
interface MltDoc {
  mlt: {
    profile: Record<string, string>;
    producer: { '@_id': string; '@_in': string; '@_out': string; property: Property[] };
    playlist: { property: Property[]; entry: { '@_producer': string; '@_in': string; '@_out': string }[] };
    tractor: { '@_in': string; '@_out': string; properties?: { properties: { '@_name': string; property: Property[] }[] }[]; track: { '@_producer': string } };
  };
}

const build = (timeline: EditTimeline) => buildMlt(timeline, cutListOf(timeline));
const read = (xml: string) => (parseEditXml(xml, ['entry', 'property', 'properties']) as unknown as MltDoc).mlt;
const prop = (props: Property[], name: string) => props.find((p) => p['@_name'] === name)?.['#text'];

describe('buildMlt: an MLT XML timeline for Shotcut and Kdenlive (melt renders it: test/edit)', () => {
  it.each(Object.entries(TEST_RATES))('at %s fps the profile is the exact fraction and each entry ends on its last kept frame (out is inclusive)', (_, rate) => {
    const xml = build(timelineOnFrames(rate, [[0, 48], [100, 250], [251, 400]], { sourceFrames: 500 }));
    const mlt = read(xml);
    expect(mlt.profile).toMatchObject({ '@_frame_rate_num': String(rate.num), '@_frame_rate_den': String(rate.den), '@_width': '1920', '@_height': '1080', '@_display_aspect_num': '16', '@_display_aspect_den': '9' });
    expect(mlt.playlist.entry.map((e) => [e['@_producer'], Number(e['@_in']), Number(e['@_out'])])).toEqual([
      ['source', 0, 47],
      ['source', 100, 249],
      ['source', 251, 399],
    ]);
    // The edited timeline: 48 + 150 + 149 frames, the tractor's out inclusive too.
    expect([mlt.tractor['@_in'], mlt.tractor['@_out']]).toEqual(['0', String(48 + 150 + 149 - 1)]);
    expect(mlt.producer).toMatchObject({ '@_id': 'source', '@_in': '0', '@_out': '499' });
    expect(prop(mlt.producer.property, 'length')).toBe(500);
    expect(mlt.tractor.track['@_producer']).toBe('playlist0');
  });

  it('references the original by its bare name (MLT resolves it beside the .mlt file), escaped for XML', () => {
    const mlt = read(build(timelineOnFrames(TEST_RATES['25'], [[0, 25]], { sourceFileName: 'C:\\clips\\Tom & "Jerry" <1>.mov' })));
    expect(prop(mlt.producer.property, 'resource')).toBe('Tom & "Jerry" <1>.mov');
    expect(prop(mlt.producer.property, 'mlt_service')).toBe('avformat');
  });

  it("puts the findings on the edited times as Shotcut markers (clock times, a moment's end = its start)", () => {
    const timeline = timelineOnFrames(TEST_RATES['25'], [[0, 50], [100, 200]], {
      markers: [
        { startSeconds: 1, endSeconds: 1, name: 'High: Slow start', note: 'Fix: cut the intro.' },
        { startSeconds: 3, endSeconds: 3, name: 'Removed', note: '' },
        { startSeconds: 5, endSeconds: 6, name: 'Medium: Long pause', note: '' },
      ],
    });
    const markers = read(build(timeline)).tractor.properties![0]!.properties;
    expect(markers.map((m) => [m['@_name'], prop(m.property, 'text'), prop(m.property, 'start'), prop(m.property, 'end')])).toEqual([
      ['0', 'High: Slow start — Fix: cut the intro.', '00:00:01.000', '00:00:01.000'],
      ['1', 'Medium: Long pause', '00:00:03.000', '00:00:03.960'], // source 5–6 s (frames 125–150) → edited frames 75–99
    ]);
  });

  it('says in a comment when the source has a variable frame rate', () => {
    const xml = build(timelineOnFrames(TEST_RATES['29.97'], [[0, 30]], { variableFrameRate: true }));
    expect(xml).toContain('<!-- Warning: This timeline is at 29.97 fps: variable frame rate (29.97 fps on average).');
    expect(build(timelineOnFrames(TEST_RATES['29.97'], [[0, 30]]))).not.toContain('Warning');
  });
});
