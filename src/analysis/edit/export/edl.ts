/**
 * DaVinci Resolve, Avid, Premiere: a CMX 3600 EDL of the kept pieces. `TITLE:` and `FCM:` lines, then one cut event
 * per piece (three-digit event number, reel, channels, "C", source in/out, record in/out; outs exclusive), each with
 * "* FROM CLIP NAME:" naming the original so the editor links it. The reel is "AX", the auxiliary source CMX 3600
 * reserves for material without a tape (at most 8 characters); the channels say what the piece carries: "V" video
 * only, "B" video and a mono track, "AA/V" video and two tracks. Source timecode starts at 00:00:00:00 (a file with
 * no timecode track), the record at 01:00:00:00, Resolve's default timeline start. Drop-frame timecode (29.97 and
 * 59.94 only) writes ";" before the frames and `FCM: DROP FRAME`; non-drop is the default, as in the marker EDL.
 * Markers are Avid locator comments ("* LOC: timecode colour text") after the event they fall in. ASCII on CRLF
 * lines, text folded by the marker EDL's edlText; at most 999 events.
 */
import { EDL_MAX_EVENTS, edlText, RESOLVE_TIMELINE_START_HOURS, timecode, type TimelineRate } from '@preflight/shared';
import { pieceFrames, type CutList } from './cut-list';
import { EditExportError } from './errors';
import { sourceBaseName, sourceStem } from './source-file';
import type { EditExportOptions, EditTimeline } from './types';

export const EDL_REEL = 'AX';
/** Avid's locator colours; every finding is one (the severity is in its name). */
const LOCATOR_COLOR = 'RED';

/** Frames counted in one hour of timecode: 108000 at 30 non-drop, 107892 at 29.97 drop-frame (18 labels a minute dropped, but not every tenth). */
export function framesPerTimecodeHour(rate: TimelineRate, dropFrame: boolean): number {
  const perHour = rate.timebase * 3600;
  return dropFrame ? perHour - ((2 * rate.timebase) / 30) * 54 : perHour;
}

function channelsOf(timeline: EditTimeline): string {
  if (!timeline.audio) return 'V';
  return timeline.audio.channels <= 1 ? 'B' : 'AA/V';
}

export function buildEditEdl(timeline: EditTimeline, cuts: CutList, options: EditExportOptions = {}): string {
  const { rate } = cuts;
  if (cuts.pieces.length > EDL_MAX_EVENTS) {
    throw new EditExportError('too_many_events', `This edit keeps ${cuts.pieces.length} pieces; an EDL holds at most ${EDL_MAX_EVENTS}. Export FCPXML, Premiere XML or MLT instead.`);
  }
  const dropFrame = rate.dropFrameCapable && (options.dropFrame ?? false);
  const recordStart = framesPerTimecodeHour(rate, dropFrame) * RESOLVE_TIMELINE_START_HOURS;
  const tc = (frame: number) => timecode(rate, frame, dropFrame);
  const channels = channelsOf(timeline);
  const clipName = edlText(sourceBaseName(timeline.sourceFileName));

  const lines = [`TITLE: ${edlText(`${sourceStem(timeline.sourceFileName)} Preflight edit`).slice(0, 70)}`, `FCM: ${dropFrame ? 'DROP FRAME' : 'NON-DROP FRAME'}`];
  if (cuts.warning) lines.push(`* WARNING: ${edlText(cuts.warning)}`);
  lines.push('');
  let marker = 0;
  cuts.pieces.forEach((piece, i) => {
    const recordIn = recordStart + piece.recordIn;
    const recordOut = recordIn + pieceFrames(piece);
    lines.push(`${String(i + 1).padStart(3, '0')}  ${EDL_REEL.padEnd(8)} ${channels.padEnd(5)} C        ${tc(piece.sourceIn)} ${tc(piece.sourceOut)} ${tc(recordIn)} ${tc(recordOut)}`);
    lines.push(`* FROM CLIP NAME: ${clipName}`);
    const pieceEnd = piece.recordIn + pieceFrames(piece);
    for (; marker < cuts.markers.length && cuts.markers[marker]!.recordIn < pieceEnd; marker += 1) {
      const m = cuts.markers[marker]!;
      lines.push(`* LOC: ${tc(recordStart + m.recordIn)} ${LOCATOR_COLOR.padEnd(7)} ${edlText(m.note ? `${m.name} - ${m.note}` : m.name)}`);
    }
    lines.push('');
  });
  return lines.join('\r\n');
}
