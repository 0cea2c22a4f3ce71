/**
 * What becomes a marker in the creator's editor (docs/product.md, Markers for editors): every issue the report shows
 * (its prevention fixes, as the feedback style chose them) and every predicted drop-off, in time order, each with a
 * severity, a title and a fix. Every format (FCPXML, EDL, Premiere XML, YouTube chapters) names and describes a marker
 * with the functions here, so they read the same in every editor.
 */
import { issueSpans } from '../report/issue-spans';
import type { Report } from '../report/schema';
import type { Severity } from '../rules/severity';

/** One finding a marker stands for: an issue the report shows or a predicted drop-off. */
export interface MarkerFinding {
  kind: 'issue' | 'drop_off';
  severity: Severity;
  title: string;
  fix: string;
  /** The measured fact (an issue) or the predicted cause (a drop-off). */
  evidence: string;
}

/**
 * A marker: where it starts, how long it lasts and the findings there. Its own kind, severity, title, fix and
 * evidence are its lead finding's (the most severe, an issue before a drop-off).
 */
export interface EditorMarker extends MarkerFinding {
  /** Where it starts, in seconds from the start of the video. */
  seconds: number;
  /** How long it lasts: the longest of its findings' stretches (0 for an instant: one frame in the editor). */
  durationSeconds: number;
  /** Every finding at this moment, the lead first; more than one when findings start at the same moment. */
  findings: MarkerFinding[];
}

/** Findings that start this close to each other are at the same moment: one marker lists them all. */
export const SAME_MOMENT_S = 1;

export const MARKER_SEVERITY_LABELS: Record<Severity, string> = { high: 'High', medium: 'Medium', low: 'Low' };
const SEVERITY_RANK: Record<Severity, number> = { high: 3, medium: 2, low: 1 };

/**
 * A drop-off's severity, from the share of viewers predicted to leave there: 10 percentage points or more is high,
 * 3 or more medium, less low. A drop-off is a prediction with no finding of its own to borrow a severity from (in
 * gentle style the issue behind it may not be shown), so its size decides.
 */
export const DROP_OFF_SEVERITY_PP = { high: 10, medium: 3 } as const;
/** The engine's own advice on a drop-off moment (predictive frames), used when no shown issue explains it. */
export const DROP_OFF_DEFAULT_FIX = 'Tighten or cover this moment.';

function dropOffSeverity(lossPp: number): Severity {
  if (lossPp >= DROP_OFF_SEVERITY_PP.high) return 'high';
  if (lossPp >= DROP_OFF_SEVERITY_PP.medium) return 'medium';
  return 'low';
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

interface Placed extends MarkerFinding {
  seconds: number;
  durationSeconds: number;
}

/** Most severe first; an issue (measured) before a drop-off (predicted) of the same severity; then earliest. */
const leadFirst = (a: Placed, b: Placed) =>
  SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || (a.kind === b.kind ? 0 : a.kind === 'issue' ? -1 : 1) || a.seconds - b.seconds;

/** The findings placed on the video, each over its stretch: every moment of every shown issue, every drop-off. */
function placedFindings(report: Report): Placed[] {
  const duration = report.video_info.duration_seconds;
  const within = (seconds: number) => Math.min(Math.max(0, seconds), duration);
  const issues = report.prevention_analytics.prevention_fixes;

  // An issue that stands for several moments (three still, silent stretches) marks each of them, over its stretch.
  const issueFindings = issues.flatMap((issue) =>
    issueSpans(issue).map(
      (span): Placed => ({
        kind: 'issue',
        seconds: within(span.start_s),
        durationSeconds: within(span.end_s) - within(span.start_s),
        severity: issue.severity,
        title: issue.title,
        fix: issue.fix,
        evidence: issue.evidence,
      }),
    ),
  );

  const dropOffFindings = report.drop_offs.map((drop): Placed => {
    const start = drop.start_s ?? drop.time_s;
    const end = drop.end_s ?? drop.time_s;
    // The shown issue that explains it: the most severe one inside its evidence interval.
    const explaining = issues
      .filter((issue) => issue.timestamp_seconds >= start - 0.5 && issue.timestamp_seconds <= end)
      .sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity])[0];
    return {
      kind: 'drop_off',
      seconds: within(drop.time_s),
      durationSeconds: Math.max(0, within(end) - within(drop.time_s)),
      severity: dropOffSeverity(drop.predicted_loss),
      title: `Predicted drop-off (−${round1(drop.predicted_loss)}% of viewers)`,
      fix: explaining?.fix ?? DROP_OFF_DEFAULT_FIX,
      evidence: drop.cause,
    };
  });
  const order = (m: Placed) => (m.kind === 'issue' ? 0 : 1);
  return [...issueFindings, ...dropOffFindings].sort((a, b) => a.seconds - b.seconds || order(a) - order(b));
}

/**
 * The report's issues and predicted drop-offs as editor markers, earliest first. Each spans its finding's stretch
 * (a dead air from 0:25 to 0:34 lasts 9 s); findings that start within SAME_MOMENT_S of each other are one marker
 * that lists them all, instead of markers stacked on one frame.
 */
export function editorMarkersOf(report: Report): EditorMarker[] {
  const groups: Placed[][] = [];
  for (const finding of placedFindings(report)) {
    const group = groups[groups.length - 1];
    if (group && finding.seconds - group[0]!.seconds < SAME_MOMENT_S) group.push(finding);
    else groups.push([finding]);
  }
  return groups.map((group) => {
    const seconds = group[0]!.seconds;
    const findings = [...group].sort(leadFirst);
    const lead = findings[0]!;
    const end = Math.max(...group.map((f) => f.seconds + f.durationSeconds));
    return {
      kind: lead.kind,
      seconds,
      durationSeconds: round2(end - seconds),
      severity: lead.severity,
      title: lead.title,
      fix: lead.fix,
      evidence: lead.evidence,
      findings: findings.map(({ kind, severity, title, fix, evidence }) => ({ kind, severity, title, fix, evidence })),
    };
  });
}

const findingName = (f: MarkerFinding) => `${MARKER_SEVERITY_LABELS[f.severity]}: ${f.title}`;
const findingNote = (f: MarkerFinding) => `Fix: ${f.fix} ${f.kind === 'issue' ? 'Measured' : 'Predicted'}: ${f.evidence}.`.replace(/\.\.$/, '.');

/** The marker's name in an editor: "High: Nothing happens", "+n more" when it lists several findings. */
export function markerName(marker: EditorMarker): string {
  const more = marker.findings.length - 1;
  return `${findingName(marker)}${more > 0 ? ` (+${more} more)` : ''}`;
}

/** The marker's note in an editor: the fix, then what was measured or predicted; each finding in turn when several. */
export function markerNote(marker: EditorMarker): string {
  if (marker.findings.length <= 1) return findingNote(marker);
  return `${marker.findings.length} findings here. ${marker.findings.map((f, i) => `${i + 1}) ${findingName(f)}. ${findingNote(f)}`).join(' ')}`;
}

/** The video's own file name, without the folders a browser may send: "C:\\clips\\intro.mov" → "intro.mov". */
export function videoFileName(originalFilename: string): string {
  return originalFilename.split(/[\\/]/).pop() ?? '';
}

/** The name a marker file is given after the video: "launch-teaser.v2.mp4" → "launch-teaser.v2". */
export function videoStem(originalFilename: string): string {
  const name = videoFileName(originalFilename);
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name) || 'video';
}

