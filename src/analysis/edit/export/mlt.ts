/**
 * Shotcut and Kdenlive: an MLT XML document (the format both are built on; `melt` renders it). One avformat producer
 * for the whole original (video and audio together), one playlist with an entry per kept piece, and a tractor over it.
 * MLT counts in frames of the profile's rate and an entry's `out` is INCLUSIVE: a piece of frames [in, out) is
 * in="in" out="out-1" (an off-by-one there adds a frame per piece). The resource is the bare file name, which MLT
 * resolves against the folder of the .mlt file: save it beside the video. Markers are Shotcut's (shotcut:markers on
 * the tractor, clock times on the edited timeline).
 */
import { secondsAtFrame, xmlText, type TimelineRate } from '@preflight/shared';
import type { CutList } from './cut-list';
import { sourceBaseName, sourceStem, xmlComment } from './source-file';
import type { EditTimeline } from './types';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** MLT's clock time "HH:MM:SS.mmm" of a frame (Shotcut stores marker times so). */
function clock(rate: TimelineRate, frame: number): string {
  const ms = Math.round(secondsAtFrame(rate, frame) * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(ms / 3_600_000))}:${two(Math.floor(ms / 60_000) % 60)}:${two(Math.floor(ms / 1000) % 60)}.${String(ms % 1000).padStart(3, '0')}`;
}

const property = (name: string, value: string | number, indent: string) => `${indent}<property name="${name}">${xmlText(String(value))}</property>`;

/** Shotcut's marker colour: one colour for every finding (its markers have no kind). */
const MARKER_COLOR = '#ff5722';

export function buildMlt(timeline: EditTimeline, cuts: CutList): string {
  const { rate } = cuts;
  const fileName = sourceBaseName(timeline.sourceFileName);
  const divisor = gcd(timeline.width, timeline.height) || 1;
  const title = `${sourceStem(timeline.sourceFileName)} (Preflight edit)`;

  const entries = cuts.pieces.map((piece) => `    <entry producer="source" in="${piece.sourceIn}" out="${piece.sourceOut - 1}"/>`);
  const markers = cuts.markers.flatMap((marker, i) => [
    `      <properties name="${i}">`,
    property('text', marker.note ? `${marker.name} — ${marker.note}` : marker.name, '        '),
    property('start', clock(rate, marker.recordIn), '        '),
    property('end', clock(rate, marker.recordIn + marker.frames - 1), '        '),
    property('color', MARKER_COLOR, '        '),
    '      </properties>',
  ]);

  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    xmlComment(`Preflight: the proposed edit of ${fileName}, ${cuts.pieces.length} kept pieces. Save this file in the folder of the video and open it in Shotcut (Kdenlive: add it as a clip).`),
    ...(cuts.warning ? [xmlComment(`Warning: ${cuts.warning}`)] : []),
    `<mlt LC_NUMERIC="C" version="7.0.0" title="${xmlText(title)}">`,
    `  <profile description="${rate.label} fps" width="${timeline.width}" height="${timeline.height}" progressive="1" sample_aspect_num="1" sample_aspect_den="1" display_aspect_num="${timeline.width / divisor}" display_aspect_den="${timeline.height / divisor}" frame_rate_num="${rate.fpsNumerator}" frame_rate_den="${rate.fpsDenominator}" colorspace="709"/>`,
    `  <producer id="source" in="0" out="${cuts.sourceFrames - 1}">`,
    property('length', cuts.sourceFrames, '    '),
    property('eof', 'pause', '    '),
    property('resource', fileName, '    '),
    property('mlt_service', 'avformat', '    '),
    property('shotcut:caption', fileName, '    '),
    '  </producer>',
    '  <playlist id="playlist0">',
    property('shotcut:video', 1, '    '),
    property('shotcut:name', 'V1', '    '),
    ...entries,
    '  </playlist>',
    `  <tractor id="tractor0" title="${xmlText(title)}" in="0" out="${cuts.totalFrames - 1}">`,
    property('shotcut', 1, '    '),
    ...(markers.length ? ['    <properties name="shotcut:markers">', ...markers, '    </properties>'] : []),
    '    <track producer="playlist0"/>',
    '  </tractor>',
    '</mlt>',
    '',
  ].join('\n');
}
