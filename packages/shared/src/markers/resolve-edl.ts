/**
 * DaVinci Resolve: a CMX 3600 EDL in the shape Resolve writes and reads as timeline markers (Timelines › Import ›
 * Timeline Markers from EDL): one cut event per marker, source and record both at the marker's timecode, followed by
 * a comment line "note |C:ResolveColorRed |M:name |D:frames". Record timecodes start at 01:00:00:00, Resolve's
 * default timeline start. Non-drop-frame timecode, Resolve's default at every rate: at 29.97 the label of a marker at
 * one minute reads 00:00:59:28 (01:00:59:28 here) — the frame is right, the label runs 0.1 % behind the clock.
 * CMX 3600 is an ASCII format: text is folded to ASCII and "|" (Resolve's field separator) is replaced.
 */
import type { Report } from '../report/schema';
import type { Severity } from '../rules/severity';
import { editorMarkersOf, markerName, markerNote, videoStem, type EditorMarker } from './marker-list';
import { frameAt, timecode, timelineRateFor, type TimelineRate } from './timeline-rate';

/** Resolve's default timeline start: 01:00:00:00, i.e. one hour of timecode frames (timebase × 3600) before frame 0. */
export const RESOLVE_TIMELINE_START_HOURS = 1;
/** CMX 3600 numbers events with three digits. */
export const EDL_MAX_EVENTS = 999;

/** Marker colours by severity; predicted drop-offs are purple so they read apart from measured issues. */
export const RESOLVE_COLORS: Record<Severity | 'drop_off', string> = {
  high: 'ResolveColorRed',
  medium: 'ResolveColorYellow',
  low: 'ResolveColorCyan',
  drop_off: 'ResolveColorPurple',
};

const TYPOGRAPHY: Record<string, string> = { '–': '-', '—': '-', '−': '-', '‘': "'", '’': "'", '“': '"', '”': '"', '…': '...', '×': 'x', '·': '-', '→': '->', '≥': '>=', '≤': '<=' };

/** ASCII text on one line: typographic punctuation spelled out, accents dropped, "|" replaced, the rest removed. */
export function edlText(value: string): string {
  return value
    .replace(/[–—−‘’“”…×·→≥≤]/g, (c) => TYPOGRAPHY[c] ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\|/g, '/')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
}

function event(rate: TimelineRate, index: number, marker: EditorMarker, lastFrame: number): string[] {
  const start = Math.min(frameAt(rate, marker.seconds), lastFrame);
  const frames = Math.min(Math.max(1, frameAt(rate, marker.seconds + marker.durationSeconds) - start), lastFrame + 1 - start);
  const offset = rate.timebase * 3600 * RESOLVE_TIMELINE_START_HOURS;
  const tcIn = timecode(rate, offset + start);
  const tcOut = timecode(rate, offset + start + 1);
  const color = RESOLVE_COLORS[marker.kind === 'drop_off' ? 'drop_off' : marker.severity];
  return [
    `${String(index + 1).padStart(3, '0')}  001      V     C        ${tcIn} ${tcOut} ${tcIn} ${tcOut}  `,
    `${edlText(markerNote(marker))} |C:${color} |M:${edlText(markerName(marker))} |D:${frames}`,
    '',
  ];
}

export function buildResolveEdl(report: Report): string {
  const info = report.video_info;
  const rate = timelineRateFor(info.fps, info.variable_frame_rate);
  const lastFrame = Math.max(0, frameAt(rate, info.duration_seconds) - 1);
  const markers = editorMarkersOf(report).slice(0, EDL_MAX_EVENTS);
  const lines = [`TITLE: ${edlText(`${videoStem(info.original_filename)} Preflight markers`).slice(0, 70)}`, 'FCM: NON-DROP FRAME', ''];
  markers.forEach((marker, index) => lines.push(...event(rate, index, marker, lastFrame)));
  return lines.join('\r\n');
}
