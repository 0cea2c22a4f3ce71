/**
 * Final Cut Pro: an FCPXML 1.11 document (Final Cut Pro 10.6.6 and later) with one event and one project whose
 * timeline is a gap clip as long as the video, carrying the markers. Issues are to-do markers (red until ticked off),
 * predicted drop-offs standard markers; each marker's name is "Severity: title" and its note the fix and evidence.
 * Each marker lasts as long as its finding's stretch (one frame for an instant). Times are rational seconds on the
 * timeline's frame grid (frame n at 29.97 = n×1001/30000s), as the DTD requires.
 * Import with File › Import › XML, then put the video in the project above the gap (docs/product.md, Markers for editors).
 */
import type { Report } from '../report/schema';
import { editorMarkersOf, markerName, markerNote, videoStem } from './marker-list';
import { frameAt, timelineRateFor, type TimelineRate } from './timeline-rate';
import { xmlText } from './xml-text';

export const FCPXML_VERSION = '1.11';

/** A frame count as FCPXML time: "510510/30000s" at 29.97, "17/25s" at 25; "0s" at the start. */
export function fcpxmlTime(rate: TimelineRate, frames: number): string {
  return frames === 0 ? '0s' : `${frames * rate.fpsDenominator}/${rate.fpsNumerator}s`;
}

export function buildFcpxml(report: Report): string {
  const info = report.video_info;
  const rate = timelineRateFor(info.fps, info.variable_frame_rate);
  const totalFrames = Math.max(1, frameAt(rate, info.duration_seconds));
  const lastFrame = totalFrames - 1;
  const stem = videoStem(info.original_filename);
  // FCP shows 29.97 and 59.94 timelines in drop-frame timecode by default; the times themselves are exact either way.
  const tcFormat = rate.dropFrameCapable ? 'DF' : 'NDF';

  const markers = editorMarkersOf(report).map((marker) => {
    const start = Math.min(frameAt(rate, marker.seconds), lastFrame);
    // The marker covers its finding's stretch (one frame for an instant), never past the end of the timeline.
    const frames = Math.max(1, Math.min(frameAt(rate, marker.seconds + marker.durationSeconds), totalFrames) - start);
    const todo = marker.kind === 'issue' ? ' completed="0"' : '';
    return `              <marker start="${fcpxmlTime(rate, start)}" duration="${fcpxmlTime(rate, frames)}" value="${xmlText(markerName(marker))}"${todo} note="${xmlText(markerNote(marker))}"/>`;
  });
  const note = `Preflight markers for ${info.original_filename} on a ${rate.label} fps timeline${rate.conformNote ? ` (${rate.conformNote})` : ''}. Put the video on this timeline above the gap.`;

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    `<fcpxml version="${FCPXML_VERSION}">`,
    '  <resources>',
    `    <format id="r1" frameDuration="${fcpxmlTime(rate, 1)}" width="${info.width}" height="${info.height}"/>`,
    '  </resources>',
    '  <library>',
    '    <event name="Preflight markers">',
    `      <project name="${xmlText(`${stem} (Preflight markers)`)}">`,
    `        <sequence format="r1" duration="${fcpxmlTime(rate, totalFrames)}" tcStart="0s" tcFormat="${tcFormat}">`,
    `          <note>${xmlText(note)}</note>`,
    '          <spine>',
    `            <gap name="${xmlText(info.original_filename)}" offset="0s" start="0s" duration="${fcpxmlTime(rate, totalFrames)}">`,
    ...markers,
    '            </gap>',
    '          </spine>',
    '        </sequence>',
    '      </project>',
    '    </event>',
    '  </library>',
    '</fcpxml>',
    '',
  ].join('\n');
}
