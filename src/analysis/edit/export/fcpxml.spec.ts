import { FCPXML_1_10_DTD, fcpxmlDtdErrors } from '../../../../test/support/marker-files';
import { parseEditXml, TEST_RATES, timelineOnFrames } from '../../../../test/support/edit-files';
import { cutListOf } from './cut-list';
import { buildEditFcpxml } from './fcpxml';
import type { EditExportOptions, EditTimeline } from './types';

interface Clip { '@_ref': string; '@_offset': string; '@_start': string; '@_duration': string; '@_tcFormat': string; marker?: Record<string, string>[] }
interface Doc {
  fcpxml: {
    '@_version': string;
    resources: { format: Record<string, string>; asset: Record<string, string> & { 'media-rep': Record<string, string> } };
    library: { event: { project: { sequence: Record<string, string> & { note: string; spine: { 'asset-clip': Clip[] } } } } };
  };
}

const build = (timeline: EditTimeline, options?: EditExportOptions) => buildEditFcpxml(timeline, cutListOf(timeline), options);
const read = (xml: string) => (parseEditXml(xml, ['asset-clip', 'marker']) as unknown as Doc).fcpxml;
const dtdErrors = (xml: string) => fcpxmlDtdErrors(xml, FCPXML_1_10_DTD);

/** "n×d/Ns" → the frame n, checking it is a whole number of frames of that rate. */
function frames(time: string, rate: { num: number; den: number }): number {
  if (time === '0s') return 0;
  const match = /^(\d+)\/(\d+)s$/.exec(time) ?? /^(\d+)()s$/.exec(time);
  if (!match) throw new Error(`not a rational time: ${time}`);
  expect(Number(match[2] || 1)).toBe(rate.num);
  expect(Number(match[1]) % rate.den).toBe(0);
  return Number(match[1]) / rate.den;
}

describe("buildEditFcpxml: an FCPXML 1.10 edit that Apple's declarations accept (xmllint)", () => {
  const kept: Array<[number, number]> = [[0, 48], [100, 250], [251, 400], [700, 1000]];

  it.each(Object.entries(TEST_RATES))('at %s fps: valid, asset-clips over one whole-source asset, contiguous offsets, every time on the frame grid', (_, rate) => {
    const xml = build(timelineOnFrames(rate, kept, { sourceFrames: 1200 }));
    expect(dtdErrors(xml)).toBeNull();
    const doc = read(xml);
    expect(doc['@_version']).toBe('1.10');
    const frameDuration = doc.resources.format['@_frameDuration']!;
    expect(frameDuration).toBe(rate.den === 1 ? `1/${rate.num}s` : `${rate.den}/${rate.num}s`);
    const asset = doc.resources.asset;
    expect(asset).toMatchObject({ '@_id': 'r2', '@_start': '0s', '@_hasVideo': '1', '@_hasAudio': '1', '@_audioChannels': '2', '@_audioRate': '48000', '@_format': 'r1' });
    const assetFrames = frames(asset['@_duration']!, rate);
    expect(assetFrames).toBe(1200);

    const clips = doc.library.event.project.sequence.spine['asset-clip'];
    let offset = 0;
    clips.forEach((clip, i) => {
      expect(clip['@_ref']).toBe('r2');
      expect(frames(clip['@_offset'], rate)).toBe(offset); // contiguous: each starts where the one before ends
      const start = frames(clip['@_start'], rate);
      const duration = frames(clip['@_duration'], rate);
      expect([start, start + duration]).toEqual(kept[i]);
      expect(start + duration).toBeLessThanOrEqual(assetFrames); // inside the asset
      offset += duration;
    });
    expect(frames(doc.library.event.project.sequence['@_duration']!, rate)).toBe(offset);
  });

  it('is really checked: the DTD refuses another version, an element Apple does not allow there, a clip without its asset', () => {
    const xml = build(timelineOnFrames(TEST_RATES['25'], kept));
    expect(dtdErrors(xml.replace('version="1.10"', 'version="1.11"'))).toMatch(/Value for attribute version of fcpxml is different from default/);
    expect(dtdErrors(xml.replace('<spine>', '<spine><marker start="0s" value="x"/>'))).toMatch(/Element spine content does not follow the DTD/);
    expect(dtdErrors(xml.replace(' ref="r2"', ' ref="r9"'))).toMatch(/IDREF attribute ref references an unknown ID "r9"/);
  });

  it('shows drop-frame timecode at 29.97 and 59.94 unless told not to, non-drop at other rates', () => {
    const tc = (rate: { num: number; den: number }, options?: EditExportOptions) => read(build(timelineOnFrames(rate, kept), options)).library.event.project.sequence['@_tcFormat'];
    expect([tc(TEST_RATES['29.97']), tc(TEST_RATES['59.94']), tc(TEST_RATES['29.97'], { dropFrame: false }), tc(TEST_RATES['25']), tc(TEST_RATES['23.976'])]).toEqual(['DF', 'DF', 'NDF', 'NDF', 'NDF']);
  });

  it('references the original by a relative, percent-encoded file URL, with hostile names escaped', () => {
    const xml = build(timelineOnFrames(TEST_RATES['25'], kept, { sourceFileName: 'Été & "fin" #2 100%.mov' }));
    expect(dtdErrors(xml)).toBeNull();
    const src = read(xml).resources.asset['media-rep']['@_src']!;
    expect(src).toBe('file:./%C3%89t%C3%A9%20%26%20%22fin%22%20%232%20100%25.mov');
    expect(decodeURIComponent(src.slice('file:./'.length))).toBe('Été & "fin" #2 100%.mov');
  });

  it('puts each marker on the clip it falls in, in that clip\'s source time, clipped to the clip', () => {
    const rate = TEST_RATES['25'];
    const timeline = timelineOnFrames(rate, [[0, 50], [100, 200]], {
      markers: [
        { startSeconds: 1, endSeconds: 1, name: 'High: Slow start', note: 'Fix: cut the intro.' },
        { startSeconds: 1.8, endSeconds: 5, name: 'Across the cut', note: '' },
        { startSeconds: 3, endSeconds: 3, name: 'Removed', note: '' },
        { startSeconds: 6, endSeconds: 6, name: 'Low: Quiet', note: '<b>&</b>' },
      ],
    });
    const xml = build(timeline);
    expect(dtdErrors(xml)).toBeNull();
    const clips = read(xml).library.event.project.sequence.spine['asset-clip'];
    expect(clips.map((c) => (c.marker ?? []).map((m) => [m['@_value'], frames(m['@_start']!, rate), frames(m['@_duration']!, rate), m['@_note']]))).toEqual([
      [['High: Slow start', 25, 1, 'Fix: cut the intro.'], ['Across the cut', 45, 5, '']],
      [['Low: Quiet', 150, 1, '<b>&</b>']],
    ]);
  });

  it('writes a video without audio as such, and warns about a variable frame rate in a comment and the project note', () => {
    const silent = read(build(timelineOnFrames(TEST_RATES['30'], kept, { audio: null })));
    expect(silent.resources.asset['@_hasAudio']).toBe('0');
    expect(silent.library.event.project.sequence['@_audioLayout']).toBeUndefined();
    const mono = read(build(timelineOnFrames(TEST_RATES['30'], kept, { audio: { channels: 1, sampleRate: 44100 } }))).library.event.project.sequence;
    expect([mono['@_audioLayout'], mono['@_audioRate']]).toEqual(['mono', '44.1k']);
    const vfr = build(timelineOnFrames(TEST_RATES['29.97'], kept, { variableFrameRate: true }));
    expect(dtdErrors(vfr)).toBeNull();
    expect(vfr).toContain('<!-- Warning: This timeline is at 29.97 fps: variable frame rate');
    expect(read(vfr).library.event.project.sequence.note).toContain('Warning: This timeline is at 29.97 fps: variable frame rate');
  });
});
