/**
 * Premiere Pro: Final Cut Pro 7 interchange XML (xmeml version 4), which Premiere imports with File › Import: one
 * sequence as long as the video, at its rate (<timebase> whole frames, <ntsc> for x/1001 rates), with the markers on
 * the sequence. Marker <in>/<out> are frame numbers on the sequence (out −1 = a moment; a drop-off spans its evidence).
 * Drop-frame timecode display for 29.97 and 59.94, Premiere's default; positions are frame counts either way.
 */
import type { Report } from '../report/schema';
import { editorMarkersOf, markerName, markerNote, videoStem } from './marker-list';
import { frameAt, timecode, timelineRateFor, type TimelineRate } from './timeline-rate';
import { xmlText } from './xml-text';

/** FCP 7 XML's `<rate>`: timebase and NTSC flag (also used by the edit export's xmeml, src/analysis/edit/export). */
export function xmemlRateElement(rate: TimelineRate, indent: string): string[] {
  return [`${indent}<rate>`, `${indent}  <timebase>${rate.timebase}</timebase>`, `${indent}  <ntsc>${rate.ntsc ? 'TRUE' : 'FALSE'}</ntsc>`, `${indent}</rate>`];
}

/** FCP 7 XML's `<timecode>` of a sequence starting at frame 0. */
export function xmemlTimecodeElement(rate: TimelineRate, dropFrame: boolean, indent: string): string[] {
  return [
    `${indent}<timecode>`,
    ...xmemlRateElement(rate, `${indent}  `),
    `${indent}  <string>${timecode(rate, 0, dropFrame)}</string>`,
    `${indent}  <frame>0</frame>`,
    `${indent}  <displayformat>${dropFrame ? 'DF' : 'NDF'}</displayformat>`,
    `${indent}</timecode>`,
  ];
}

export function buildPremiereXml(report: Report): string {
  const info = report.video_info;
  const rate = timelineRateFor(info.fps, info.variable_frame_rate);
  const totalFrames = Math.max(1, frameAt(rate, info.duration_seconds));
  const lastFrame = totalFrames - 1;
  const dropFrame = rate.dropFrameCapable;

  const markers = editorMarkersOf(report).flatMap((marker) => {
    const start = Math.min(frameAt(rate, marker.seconds), lastFrame);
    const end = marker.durationSeconds > 0 ? Math.min(frameAt(rate, marker.seconds + marker.durationSeconds), totalFrames) : -1;
    return [
      '    <marker>',
      `      <name>${xmlText(markerName(marker))}</name>`,
      `      <comment>${xmlText(markerNote(marker))}</comment>`,
      `      <in>${start}</in>`,
      `      <out>${end > start ? end : -1}</out>`,
      '    </marker>',
    ];
  });

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE xmeml>',
    '<xmeml version="4">',
    '  <sequence id="preflight-markers">',
    `    <name>${xmlText(`${videoStem(info.original_filename)} (Preflight markers)`)}</name>`,
    `    <duration>${totalFrames}</duration>`,
    ...xmemlRateElement(rate, '    '),
    ...xmemlTimecodeElement(rate, dropFrame, '    '),
    '    <in>-1</in>',
    '    <out>-1</out>',
    '    <media>',
    '      <video>',
    '        <format>',
    '          <samplecharacteristics>',
    ...xmemlRateElement(rate, '            '),
    `            <width>${info.width}</width>`,
    `            <height>${info.height}</height>`,
    '            <pixelaspectratio>square</pixelaspectratio>',
    '            <fielddominance>none</fielddominance>',
    '          </samplecharacteristics>',
    '        </format>',
    '        <track/>',
    '      </video>',
    '      <audio>',
    '        <track/>',
    '      </audio>',
    '    </media>',
    ...markers,
    '  </sequence>',
    '</xmeml>',
    '',
  ].join('\n');
}
