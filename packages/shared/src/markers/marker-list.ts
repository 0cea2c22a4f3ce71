/**
 * What becomes a marker in the creator's editor (docs/product.md, Markers for editors): every issue the report shows
 * (its prevention fixes, as the feedback style chose them) and every predicted drop-off, in time order, each with a
 * severity, a title and a fix. Every format (FCPXML, EDL, Premiere XML, YouTube chapters) names and describes a marker
 * with the functions here, so they read the same in every editor.
 */
import type { Report } from '../report/schema';
import type { Severity } from '../rules/severity';

export interface EditorMarker {
  kind: 'issue' | 'drop_off';
  /** Where it starts, in seconds from the start of the video. */
  seconds: number;
  /** How long it lasts; 0 for a moment (one frame in the editor). A drop-off spans its evidence up to its end. */
  durationSeconds: number;
  severity: Severity;
  title: string;
  fix: string;
  /** The measured fact (an issue) or the predicted cause (a drop-off). */
  evidence: string;
}

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

/** The report's issues and predicted drop-offs as editor markers, earliest first (issues before drop-offs on a tie). */
export function editorMarkersOf(report: Report): EditorMarker[] {
  const duration = report.video_info.duration_seconds;
  const within = (seconds: number) => Math.min(Math.max(0, seconds), duration);
  const issues = report.prevention_analytics.prevention_fixes;

  // An issue that stands for several moments (three still, silent stretches) marks each of them.
  const issueMarkers = issues.flatMap((issue) =>
    (issue.moments_seconds ?? [issue.timestamp_seconds]).map(
      (seconds): EditorMarker => ({
        kind: 'issue',
        seconds: within(seconds),
        durationSeconds: 0,
        severity: issue.severity,
        title: issue.title,
        fix: issue.fix,
        evidence: issue.evidence,
      }),
    ),
  );

  const dropOffMarkers = report.drop_offs.map((drop): EditorMarker => {
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

  const order = (m: EditorMarker) => (m.kind === 'issue' ? 0 : 1);
  return [...issueMarkers, ...dropOffMarkers].sort((a, b) => a.seconds - b.seconds || order(a) - order(b));
}

/** The marker's name in an editor: "High: Nothing happens". */
export function markerName(marker: EditorMarker): string {
  return `${MARKER_SEVERITY_LABELS[marker.severity]}: ${marker.title}`;
}

/** The marker's note in an editor: the fix, then what was measured or predicted. */
export function markerNote(marker: EditorMarker): string {
  const what = marker.kind === 'issue' ? 'Measured' : 'Predicted';
  return `Fix: ${marker.fix} ${what}: ${marker.evidence}.`.replace(/\.\.$/, '.');
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

