/**
 * Reading edit exports back with software nobody here wrote (src/analysis/edit/export, test/edit): fast-xml-parser
 * for the XML formats and smpte-timecode for every EDL timecode (it refuses impossible ones, e.g. a dropped
 * drop-frame label), plus timelines on an exact frame grid to build them from.
 */
import Timecode from 'smpte-timecode';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { EditTimeline } from '../../src/analysis/edit/export';

/** The rates the tests cover, as the analysis reports them (nominal fraction) and as smpte-timecode reads them. */
export const TEST_RATES = {
  '23.976': { num: 24000, den: 1001 },
  '25': { num: 25, den: 1 },
  '29.97': { num: 30000, den: 1001 },
  '30': { num: 30, den: 1 },
  '59.94': { num: 60000, den: 1001 },
  '60': { num: 60, den: 1 },
} as const;

/**
 * A timeline whose kept pieces are whole frames [in, out) of the given rate, given as frame numbers (so the test
 * knows the exact frames the export must write), with seconds computed as the engine would (frame × den / num).
 */
export function timelineOnFrames(
  rate: { num: number; den: number },
  keptFrames: Array<[number, number]>,
  change: Partial<Omit<EditTimeline, 'kept' | 'frameRate'>> & { sourceFrames?: number } = {},
): EditTimeline {
  const seconds = (frame: number) => (frame * rate.den) / rate.num;
  const { sourceFrames, ...rest } = change;
  const lastFrame = keptFrames[keptFrames.length - 1]?.[1] ?? 0;
  return {
    sourceFileName: 'Launch teaser.mp4',
    sourceDurationSeconds: seconds(sourceFrames ?? lastFrame + Math.round(rate.num / rate.den)),
    frameRate: { num: rate.num, den: rate.den },
    variableFrameRate: false,
    width: 1920,
    height: 1080,
    audio: { channels: 2, sampleRate: 48000 },
    kept: keptFrames.map(([a, b]) => ({ startSeconds: seconds(a), endSeconds: seconds(b) })),
    markers: [],
    ...rest,
  };
}

/** Parsed XML (attributes as "@_name"; the listed elements always arrays), after fast-xml-parser's well-formedness check. */
export function parseEditXml(xml: string, arrays: readonly string[]): Record<string, unknown> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: true, isArray: (name) => arrays.includes(name) }).parse(xml) as Record<string, unknown>;
}

export interface EditEdlEvent {
  number: number;
  reel: string;
  channels: string;
  transition: string;
  sourceIn: Timecode.TimecodeInstance;
  sourceOut: Timecode.TimecodeInstance;
  recordIn: Timecode.TimecodeInstance;
  recordOut: Timecode.TimecodeInstance;
  clipName: string;
  locators: { at: Timecode.TimecodeInstance; color: string; text: string }[];
}

/**
 * A CMX 3600 edit EDL read line by line: TITLE, FCM, optional "* " comments before the first event, then each cut
 * event (three-digit number, reel of at most 8 characters, channels, "C", four timecodes parsed by smpte-timecode
 * at the given rate) with its "* FROM CLIP NAME:" and "* LOC:" comments. Throws on any other line.
 */
export function readEditEdl(edl: string, frameRate: Timecode.FRAMERATE, dropFrame: boolean): { title: string; fcm: string; comments: string[]; events: EditEdlEvent[] } {
  const lines = edl.split('\r\n');
  if (lines.some((line) => line.includes('\n'))) throw new Error('EDL lines must end in CRLF');
  const title = /^TITLE: (.+)$/.exec(lines[0] ?? '')?.[1];
  const fcm = /^FCM: (.+)$/.exec(lines[1] ?? '')?.[1];
  if (!title || !fcm) throw new Error('EDL header missing');
  const tc = (value: string) => {
    if (dropFrame !== value.includes(';')) throw new Error(`timecode ${value} does not match the frame count mode`);
    return Timecode(value, frameRate, dropFrame);
  };
  const comments: string[] = [];
  const events: EditEdlEvent[] = [];
  for (const [i, line] of lines.slice(2).entries()) {
    if (line === '') continue;
    const cut = /^(\d{3}) {2}(\S{1,8}) +(\S+) +(C) +(\S+) (\S+) (\S+) (\S+)$/.exec(line);
    const event = events[events.length - 1];
    if (cut) {
      events.push({
        number: Number(cut[1]),
        reel: cut[2]!,
        channels: cut[3]!,
        transition: cut[4]!,
        sourceIn: tc(cut[5]!),
        sourceOut: tc(cut[6]!),
        recordIn: tc(cut[7]!),
        recordOut: tc(cut[8]!),
        clipName: '',
        locators: [],
      });
      continue;
    }
    const clip = /^\* FROM CLIP NAME: (.+)$/.exec(line);
    const loc = /^\* LOC: (\S+) (\S+) +(.*)$/.exec(line);
    if (event && clip) event.clipName = clip[1]!;
    else if (event && loc) event.locators.push({ at: tc(loc[1]!), color: loc[2]!, text: loc[3]! });
    else if (!event && line.startsWith('* ')) comments.push(line.slice(2));
    else throw new Error(`line ${i + 3} is not part of an edit event: ${JSON.stringify(line)}`);
  }
  return { title, fcm, comments, events };
}
