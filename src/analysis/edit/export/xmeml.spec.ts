import { parseEditXml, TEST_RATES, timelineOnFrames } from '../../../../test/support/edit-files';
import { cutListOf } from './cut-list';
import type { EditExportOptions, EditTimeline } from './types';
import { buildEditXmeml } from './xmeml';

type Rate = { timebase: number; ntsc: 'TRUE' | 'FALSE' };
interface Link { linkclipref: string; mediatype: string; trackindex: number; clipindex: number }
interface ClipItem {
  '@_id': string;
  name: string;
  duration: number;
  rate: Rate;
  start: number;
  end: number;
  in: number;
  out: number;
  file: { '@_id': string; name?: string; pathurl?: string; duration?: number; media?: { audio?: { channelcount: number } } };
  sourcetrack?: { mediatype: string; trackindex: number };
  link: Link[];
}
interface Sequence {
  duration: number;
  rate: Rate;
  timecode: { string: string; displayformat: string };
  media: { video: { track: { clipitem: ClipItem[] }[] }; audio: { numOutputChannels?: number; track?: { clipitem: ClipItem[] }[] } };
  marker?: { name: string; comment: string; in: number; out: number }[];
}

const build = (timeline: EditTimeline, options?: EditExportOptions) => buildEditXmeml(timeline, cutListOf(timeline), options);
function read(xml: string): { version: string; sequence: Sequence } {
  const doc = parseEditXml(xml, ['track', 'clipitem', 'link', 'marker']) as { xmeml: { '@_version': string; sequence: Sequence } };
  return { version: doc.xmeml['@_version'], sequence: doc.xmeml.sequence };
}

const kept: Array<[number, number]> = [[0, 48], [100, 250], [251, 400], [700, 1000]];

describe('buildEditXmeml: a Premiere Pro sequence in FCP 7 XML (xmeml 5), parsed back and compared with the cut list', () => {
  it.each([
    ['23.976', TEST_RATES['23.976'], undefined, 24, 'TRUE', '00:00:00:00', 'NDF'],
    ['25', TEST_RATES['25'], undefined, 25, 'FALSE', '00:00:00:00', 'NDF'],
    ['29.97 DF', TEST_RATES['29.97'], true, 30, 'TRUE', '00:00:00;00', 'DF'],
    ['29.97 NDF', TEST_RATES['29.97'], false, 30, 'TRUE', '00:00:00:00', 'NDF'],
    ['60', TEST_RATES['60'], undefined, 60, 'FALSE', '00:00:00:00', 'NDF'],
  ] as const)('at %s: timebase, ntsc, display, and every clipitem\'s integer in/out/start/end equal the cut list', (_, rate, dropFrame, timebase, ntsc, start, display) => {
    const { version, sequence } = read(build(timelineOnFrames(rate, kept, { sourceFrames: 1200 }), { dropFrame }));
    expect(version).toBe('5');
    expect(sequence.rate).toEqual({ timebase, ntsc });
    expect(sequence.timecode).toMatchObject({ string: start, displayformat: display });
    expect(sequence.duration).toBe(48 + 150 + 149 + 300);
    const expected = kept.reduce<{ in: number; out: number; start: number; end: number }[]>((acc, [a, b]) => {
      const at = acc.length ? acc[acc.length - 1]!.end : 0;
      return [...acc, { in: a, out: b, start: at, end: at + b - a }];
    }, []);
    const video = sequence.media.video.track[0]!.clipitem;
    expect(video.map((c) => ({ in: c.in, out: c.out, start: c.start, end: c.end }))).toEqual(expected);
    for (const item of video) {
      expect(item.rate).toEqual({ timebase, ntsc });
      expect(item.duration).toBe(1200); // the whole source
      expect(Number.isInteger(item.in) && Number.isInteger(item.out)).toBe(true);
    }
    // Stereo source: two mono tracks, channel 1 and channel 2, the same pieces.
    const audio = sequence.media.audio.track!;
    expect(audio).toHaveLength(2);
    audio.forEach((track, t) => {
      expect(track.clipitem.map((c) => ({ in: c.in, out: c.out, start: c.start, end: c.end }))).toEqual(expected);
      expect(track.clipitem.every((c) => c.sourcetrack?.mediatype === 'audio' && c.sourcetrack.trackindex === t + 1)).toBe(true);
    });
  });

  it('puts a mono source on one mono track, and a silent one on none', () => {
    const mono = read(build(timelineOnFrames(TEST_RATES['25'], kept, { audio: { channels: 1, sampleRate: 48000 } }))).sequence;
    expect(mono.media.audio.track).toHaveLength(1);
    expect(mono.media.audio.numOutputChannels).toBe(1);
    expect(mono.media.video.track[0]!.clipitem[0]!.file.media?.audio?.channelcount).toBe(1);
    expect(read(build(timelineOnFrames(TEST_RATES['25'], kept, { audio: null }))).sequence.media.audio.track).toBeUndefined();
  });

  it('defines the file once (name, relative URL, whole duration) and links each piece\'s video and audio items', () => {
    const { sequence } = read(build(timelineOnFrames(TEST_RATES['25'], kept, { sourceFileName: 'Tom & Jerry #1.mp4', sourceFrames: 1200 })));
    const [first, ...rest] = sequence.media.video.track[0]!.clipitem;
    expect(first!.file).toMatchObject({ '@_id': 'file-1', name: 'Tom & Jerry #1.mp4', pathurl: 'file:./Tom%20%26%20Jerry%20%231.mp4', duration: 1200 });
    expect(rest.every((c) => c.file['@_id'] === 'file-1' && c.file.name === undefined)).toBe(true);
    const second = sequence.media.video.track[0]!.clipitem[1]!;
    expect(second.link.map((l) => [l.linkclipref, l.mediatype, l.trackindex, l.clipindex])).toEqual([
      ['clipitem-v2', 'video', 1, 2],
      ['clipitem-a1-2', 'audio', 1, 2],
      ['clipitem-a2-2', 'audio', 2, 2],
    ]);
    const ids = new Set([...sequence.media.video.track, ...sequence.media.audio.track!].flatMap((t) => t.clipitem.map((c) => c['@_id'])));
    expect(second.link.every((l) => ids.has(l.linkclipref))).toBe(true);
  });

  it('puts the markers on the sequence at their edited frames (out −1 for a moment) and warns about a variable frame rate', () => {
    const timeline = timelineOnFrames(TEST_RATES['25'], [[0, 50], [100, 200]], {
      variableFrameRate: true,
      markers: [
        { startSeconds: 5, endSeconds: 6, name: 'Medium: Long pause', note: 'Fix: <shorten> it & go' },
        { startSeconds: 1, endSeconds: 1, name: 'High: Slow start', note: '' },
        { startSeconds: 3, endSeconds: 3, name: 'Removed', note: '' },
      ],
    });
    const xml = build(timeline);
    expect(read(xml).sequence.marker).toEqual([
      { name: 'High: Slow start', comment: '', in: 25, out: -1 },
      { name: 'Medium: Long pause', comment: 'Fix: <shorten> it & go', in: 75, out: 100 },
    ]);
    expect(xml).toContain('<!-- Warning: This timeline is at 25 fps: variable frame rate');
  });
});
