/**
 * Checking marker files with software nobody here wrote: xmllint (libxml2) against Apple's FCPXML 1.11 declarations,
 * fast-xml-parser for the XML, smpte-timecode for EDL timecodes, get-youtube-chapters for chapter text. Shared by the
 * unit specs (packages/shared/src/markers) and the end-to-end test (test/markers).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import Timecode from 'smpte-timecode';
import { ReportSchema, type Report } from '../../packages/shared/src/index';

const ROOT = join(__dirname, '..', '..');
export const FCPXML_DTD = join(__dirname, 'fcpxml', 'FCPXMLv1_11-subset.dtd');
/** The edit export's version (src/analysis/edit/export/fcpxml.ts): DaVinci Resolve 18.5 reads no newer one. */
export const FCPXML_1_10_DTD = join(__dirname, 'fcpxml', 'FCPXMLv1_10-subset.dtd');

/** The engine's real sample report (0:28, 30 fps, 4 issues, 2 drop-offs), optionally with another rate or length. */
export function sampleReport(change: { fps?: number; variableFrameRate?: boolean; durationSeconds?: number; filename?: string } = {}): Report {
  const report = ReportSchema.parse(JSON.parse(readFileSync(join(ROOT, 'assets', 'sample-report', 'report.json'), 'utf8')));
  if (change.fps !== undefined) report.video_info.fps = change.fps;
  if (change.variableFrameRate !== undefined) report.video_info.variable_frame_rate = change.variableFrameRate;
  if (change.durationSeconds !== undefined) report.video_info.duration_seconds = change.durationSeconds;
  if (change.filename !== undefined) report.video_info.original_filename = change.filename;
  return report;
}

/** A report with exactly these issues (seconds, severity) and no drop-offs. */
export function reportWithIssues(issues: [number, 'high' | 'medium' | 'low', string?][], change: Parameters<typeof sampleReport>[0] = {}): Report {
  const report = sampleReport(change);
  const template = report.prevention_analytics.prevention_fixes[0]!;
  report.prevention_analytics.prevention_fixes = issues.map(([seconds, severity, title], i) => ({
    ...template,
    id: `issue-${i}`,
    title: title ?? `Issue ${i + 1}`,
    severity,
    timestamp_seconds: seconds,
    timestamp: `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`,
  }));
  report.drop_offs = [];
  return report;
}

/** xmllint --dtdvalid against Apple's FCPXML declarations (1.11 unless told): null when valid, else what libxml2 said. */
export function fcpxmlDtdErrors(xml: string, dtd = FCPXML_DTD): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'preflight-fcpxml-'));
  try {
    const file = join(dir, 'markers.fcpxml');
    writeFileSync(file, xml);
    execFileSync('xmllint', ['--noout', '--nonet', '--dtdvalid', dtd, file], { stdio: ['ignore', 'pipe', 'pipe'] });
    return null;
  } catch (error) {
    const failed = error as { stderr?: Buffer; message: string };
    return failed.stderr?.toString() || failed.message;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Parsed XML (attributes as "@_name"), after fast-xml-parser's own well-formedness check. */
export function parseXml(xml: string): Record<string, unknown> {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  return new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'marker' || name === 'event' }).parse(xml) as Record<string, unknown>;
}

/** "1001/30000s", "17/25s", "5s", "0s" → seconds. */
export function fcpxmlSeconds(time: string): number {
  const match = /^(\d+)(?:\/(\d+))?s$/.exec(time);
  if (!match) throw new Error(`not an FCPXML time: ${time}`);
  return Number(match[1]) / Number(match[2] ?? 1);
}

export interface EdlEvent {
  number: number;
  reel: string;
  track: string;
  transition: string;
  sourceIn: Timecode.TimecodeInstance;
  sourceOut: Timecode.TimecodeInstance;
  recordIn: Timecode.TimecodeInstance;
  recordOut: Timecode.TimecodeInstance;
  note: string;
  color: string;
  name: string;
  durationFrames: number;
}

/**
 * A Resolve marker EDL read line by line: the title, the FCM line, each CMX 3600 cut event with its four timecodes
 * (parsed by smpte-timecode at the given rate, which refuses impossible ones) and its "note |C:color |M:name |D:n"
 * comment. Throws on any line that is neither.
 */
export function readMarkerEdl(edl: string, frameRate: Timecode.FRAMERATE, dropFrame = false): { title: string; fcm: string; events: EdlEvent[] } {
  const lines = edl.split(/\r\n/);
  const title = /^TITLE: (.+)$/.exec(lines[0] ?? '')?.[1];
  const fcm = /^FCM: (.+)$/.exec(lines[1] ?? '')?.[1];
  if (!title || !fcm) throw new Error('EDL header missing');
  const events: EdlEvent[] = [];
  for (let i = 2; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (line === '') continue;
    const cut = /^(\d{3}) {2}(\S+)\s+(V)\s+(C)\s+(\S+) (\S+) (\S+) (\S+)\s*$/.exec(line);
    const comment = /^(.*?) ?\|C:(\w+) \|M:(.*) \|D:(\d+)$/.exec(lines[i + 1] ?? '');
    if (!cut || !comment) throw new Error(`line ${i + 1} is not a marker event: ${JSON.stringify(line)}`);
    const tc = (value: string) => Timecode(value, frameRate, dropFrame);
    events.push({
      number: Number(cut[1]),
      reel: cut[2]!,
      track: cut[3]!,
      transition: cut[4]!,
      sourceIn: tc(cut[5]!),
      sourceOut: tc(cut[6]!),
      recordIn: tc(cut[7]!),
      recordOut: tc(cut[8]!),
      note: comment[1]!,
      color: comment[2]!,
      name: comment[3]!,
      durationFrames: Number(comment[4]),
    });
    i += 1;
  }
  return { title, fcm, events };
}
