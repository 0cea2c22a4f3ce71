/**
 * Premiere Pro (and Resolve's XML import): Final Cut Pro 7 interchange XML, xmeml version 5. One sequence at the
 * timeline rate (<timebase> whole frames per second + <ntsc> for x/1001 rates), a video track with one clipitem per
 * kept piece, and one mono audio track per source channel (a mono source is one mono track, a stereo source two),
 * each clipitem linked to the video and audio items of its piece. <in>/<out> are source frames and <start>/<end>
 * timeline frames, the out and end exclusive (FCP 7's convention). The first clipitem defines the file (its full
 * <file> with name, relative URL, rate, duration and media); the others refer to it by id. Markers are on the
 * sequence at their edited frames (out −1 for a moment), as in the marker export.
 */
import { xmemlRateElement as rateElement, xmemlTimecodeElement as timecodeElement, xmlText } from '@preflight/shared';
import { pieceFrames, type CutList, type CutPiece } from './cut-list';
import { sourceBaseName, sourceFileUrl, sourceStem, xmlComment } from './source-file';
import type { EditExportOptions, EditTimeline } from './types';

/** FCP 7 XML's audio sample depth; the source's own is not known and editors re-read it from the file. */
const AUDIO_DEPTH = 16;

export function buildEditXmeml(timeline: EditTimeline, cuts: CutList, options: EditExportOptions = {}): string {
  const { rate } = cuts;
  const dropFrame = rate.dropFrameCapable && (options.dropFrame ?? true);
  const fileName = sourceBaseName(timeline.sourceFileName);
  const channels = timeline.audio ? Math.max(1, timeline.audio.channels) : 0;
  const videoId = (i: number) => `clipitem-v${i + 1}`;
  const audioId = (i: number, channel: number) => `clipitem-a${channel}-${i + 1}`;

  const fileDefinition = (indent: string) => [
    `${indent}<file id="file-1">`,
    `${indent}  <name>${xmlText(fileName)}</name>`,
    `${indent}  <pathurl>${xmlText(sourceFileUrl(timeline.sourceFileName))}</pathurl>`,
    ...rateElement(rate, `${indent}  `),
    `${indent}  <duration>${cuts.sourceFrames}</duration>`,
    ...timecodeElement(rate, false, `${indent}  `),
    `${indent}  <media>`,
    `${indent}    <video>`,
    `${indent}      <samplecharacteristics>`,
    ...rateElement(rate, `${indent}        `),
    `${indent}        <width>${timeline.width}</width>`,
    `${indent}        <height>${timeline.height}</height>`,
    `${indent}      </samplecharacteristics>`,
    `${indent}    </video>`,
    ...(timeline.audio
      ? [
          `${indent}    <audio>`,
          `${indent}      <samplecharacteristics>`,
          `${indent}        <depth>${AUDIO_DEPTH}</depth>`,
          `${indent}        <samplerate>${timeline.audio.sampleRate}</samplerate>`,
          `${indent}      </samplecharacteristics>`,
          `${indent}      <channelcount>${channels}</channelcount>`,
          `${indent}    </audio>`,
        ]
      : []),
    `${indent}  </media>`,
    `${indent}</file>`,
  ];

  /** Every item of a piece names all of them: the video item and each channel's audio item. */
  const links = (i: number, indent: string) => [
    [videoId(i), 'video', 1],
    ...Array.from({ length: channels }, (_, c) => [audioId(i, c + 1), 'audio', c + 1] as const),
  ].flatMap(([id, mediatype, track]) => [
    `${indent}<link>`,
    `${indent}  <linkclipref>${id}</linkclipref>`,
    `${indent}  <mediatype>${mediatype}</mediatype>`,
    `${indent}  <trackindex>${track}</trackindex>`,
    `${indent}  <clipindex>${i + 1}</clipindex>`,
    `${indent}</link>`,
  ]);

  // What every clipitem repeats, built once (an hour's edit has a thousand clipitems).
  const indent = '            ';
  const clipHead = [`${indent}<masterclipid>masterclip-1</masterclipid>`, `${indent}<name>${xmlText(fileName)}</name>`, `${indent}<enabled>TRUE</enabled>`, `${indent}<duration>${cuts.sourceFrames}</duration>`, ...rateElement(rate, indent)].join('\n');
  const clipitem = (piece: CutPiece, i: number, id: string, body: string[]) => {
    return [
      `          <clipitem id="${id}">`,
      clipHead,
      `${indent}<start>${piece.recordIn}</start>`,
      `${indent}<end>${piece.recordIn + pieceFrames(piece)}</end>`,
      `${indent}<in>${piece.sourceIn}</in>`,
      `${indent}<out>${piece.sourceOut}</out>`,
      ...(i === 0 && id === videoId(0) ? fileDefinition(indent) : [`${indent}<file id="file-1"/>`]),
      ...body,
      ...links(i, indent),
      '          </clipitem>',
    ];
  };

  const videoTrack = cuts.pieces.flatMap((piece, i) => clipitem(piece, i, videoId(i), []));
  const audioTracks = Array.from({ length: channels }, (_, c) => [
    '        <track>',
    ...cuts.pieces.flatMap((piece, i) =>
      clipitem(piece, i, audioId(i, c + 1), ['            <sourcetrack>', '              <mediatype>audio</mediatype>', `              <trackindex>${c + 1}</trackindex>`, '            </sourcetrack>']),
    ),
    '        </track>',
  ]).flat();

  const markers = cuts.markers.flatMap((marker) => [
    '    <marker>',
    `      <name>${xmlText(marker.name)}</name>`,
    `      <comment>${xmlText(marker.note)}</comment>`,
    `      <in>${marker.recordIn}</in>`,
    `      <out>${marker.frames > 1 ? marker.recordIn + marker.frames : -1}</out>`,
    '    </marker>',
  ]);

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE xmeml>',
    xmlComment(`Preflight: the proposed edit of ${fileName}, ${cuts.pieces.length} kept pieces on a ${rate.label} fps sequence. Import with File › Import; if the clips show offline, link them to ${fileName}.`),
    ...(cuts.warning ? [xmlComment(`Warning: ${cuts.warning}`)] : []),
    '<xmeml version="5">',
    '  <sequence id="sequence-1">',
    `    <name>${xmlText(`${sourceStem(timeline.sourceFileName)} (Preflight edit)`)}</name>`,
    `    <duration>${cuts.totalFrames}</duration>`,
    ...rateElement(rate, '    '),
    ...timecodeElement(rate, dropFrame, '    '),
    '    <in>-1</in>',
    '    <out>-1</out>',
    '    <media>',
    '      <video>',
    '        <format>',
    '          <samplecharacteristics>',
    ...rateElement(rate, '            '),
    `            <width>${timeline.width}</width>`,
    `            <height>${timeline.height}</height>`,
    '            <pixelaspectratio>square</pixelaspectratio>',
    '            <fielddominance>none</fielddominance>',
    '          </samplecharacteristics>',
    '        </format>',
    '        <track>',
    ...videoTrack,
    '        </track>',
    '      </video>',
    '      <audio>',
    ...(timeline.audio
      ? [
          `        <numOutputChannels>${Math.min(channels, 2)}</numOutputChannels>`,
          '        <format>',
          '          <samplecharacteristics>',
          `            <depth>${AUDIO_DEPTH}</depth>`,
          `            <samplerate>${timeline.audio.sampleRate}</samplerate>`,
          '          </samplecharacteristics>',
          '        </format>',
          ...audioTracks,
        ]
      : []),
    '      </audio>',
    '    </media>',
    ...markers,
    '  </sequence>',
    '</xmeml>',
    '',
  ].join('\n');
}
