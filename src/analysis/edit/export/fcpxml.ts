/**
 * Final Cut Pro and DaVinci Resolve: an FCPXML 1.10 document (Resolve 18.5 refuses newer versions; Final Cut Pro
 * 10.6 and later read it). One asset for the whole original (its duration the whole source, video and audio), and a
 * project whose spine holds one asset-clip per kept piece: `start` is where the piece begins in the source, `offset`
 * where it lands on the timeline (contiguous: each clip's offset is the previous one's plus its duration). Every time
 * is a whole number of frames as rational seconds (frame n at 29.97 = n×1001/30000s), as FCPXML requires.
 * The file is referenced by a relative file URL (source-file.ts); markers sit on the clip they fall in, in that clip's
 * source time (FCPXML's rule for markers on a clip), clipped to the clip.
 */
import { fcpxmlTime, xmlText } from '@preflight/shared';
import { pieceFrames, type CutList, type CutPiece, type PlacedMarker } from './cut-list';
import { sourceBaseName, sourceFileUrl, sourceStem, xmlComment } from './source-file';
import type { EditExportOptions, EditTimeline } from './types';

export const EDIT_FCPXML_VERSION = '1.10';

/** FCPXML's sequence audio rates (the DTD's audioHz); another source rate leaves the sequence at the default. */
const SEQUENCE_AUDIO_RATES: Record<number, string> = { 32000: '32k', 44100: '44.1k', 48000: '48k', 88200: '88.2k', 96000: '96k', 176400: '176.4k', 192000: '192k' };

function audioLayout(channels: number): 'mono' | 'stereo' | 'surround' {
  if (channels <= 1) return 'mono';
  return channels === 2 ? 'stereo' : 'surround';
}

/** The markers that start inside a piece, in its source time, no longer than the rest of the piece. */
function clipMarkers(cuts: CutList, piece: CutPiece, markers: readonly PlacedMarker[]): string[] {
  const end = piece.recordIn + pieceFrames(piece);
  return markers
    .filter((m) => m.recordIn >= piece.recordIn && m.recordIn < end)
    .map((m) => {
      const local = piece.sourceIn + m.recordIn - piece.recordIn;
      const frames = Math.min(m.frames, end - m.recordIn);
      return `              <marker start="${fcpxmlTime(cuts.rate, local)}" duration="${fcpxmlTime(cuts.rate, frames)}" value="${xmlText(m.name)}" note="${xmlText(m.note)}"/>`;
    });
}

export function buildEditFcpxml(timeline: EditTimeline, cuts: CutList, options: EditExportOptions = {}): string {
  const { rate } = cuts;
  const t = (frames: number) => fcpxmlTime(rate, frames);
  const fileName = sourceBaseName(timeline.sourceFileName);
  const stem = sourceStem(timeline.sourceFileName);
  const tcFormat = rate.dropFrameCapable && (options.dropFrame ?? true) ? 'DF' : 'NDF';
  const audio = timeline.audio;
  const audioAttributes = audio ? ` hasAudio="1" audioSources="1" audioChannels="${audio.channels}" audioRate="${audio.sampleRate}"` : ' hasAudio="0"';
  const sequenceRate = audio ? SEQUENCE_AUDIO_RATES[audio.sampleRate] : undefined;
  const sequenceAudio = audio ? ` audioLayout="${audioLayout(audio.channels)}"${sequenceRate ? ` audioRate="${sequenceRate}"` : ''}` : '';
  const note = `Preflight: the proposed edit of ${fileName}, ${cuts.pieces.length} kept pieces on a ${rate.label} fps timeline.${cuts.warning ? ` Warning: ${cuts.warning}` : ''} If the clips show offline, relink them to ${fileName}.`;

  const clips = cuts.pieces.flatMap((piece) => {
    const markers = clipMarkers(cuts, piece, cuts.markers);
    const open = `            <asset-clip ref="r2" offset="${t(piece.recordIn)}" name="${xmlText(stem)}" start="${t(piece.sourceIn)}" duration="${t(pieceFrames(piece))}" tcFormat="${tcFormat}"`;
    return markers.length ? [`${open}>`, ...markers, '            </asset-clip>'] : [`${open}/>`];
  });

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    ...(cuts.warning ? [xmlComment(`Warning: ${cuts.warning}`)] : []),
    `<fcpxml version="${EDIT_FCPXML_VERSION}">`,
    '  <resources>',
    `    <format id="r1" frameDuration="${t(1)}" width="${timeline.width}" height="${timeline.height}"/>`,
    `    <asset id="r2" name="${xmlText(stem)}" start="0s" duration="${t(cuts.sourceFrames)}" hasVideo="1" format="r1"${audioAttributes}>`,
    `      <media-rep kind="original-media" src="${xmlText(sourceFileUrl(timeline.sourceFileName))}"/>`,
    '    </asset>',
    '  </resources>',
    '  <library>',
    '    <event name="Preflight edit">',
    `      <project name="${xmlText(`${stem} (Preflight edit)`)}">`,
    `        <sequence format="r1" duration="${t(cuts.totalFrames)}" tcStart="0s" tcFormat="${tcFormat}"${sequenceAudio}>`,
    `          <note>${xmlText(note)}</note>`,
    '          <spine>',
    ...clips,
    '          </spine>',
    '        </sequence>',
    '      </project>',
    '    </event>',
    '  </library>',
    '</fcpxml>',
    '',
  ].join('\n');
}
