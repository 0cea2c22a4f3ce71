/**
 * The engine's report → what the PDF shows. Kept to one mapping function so it can be replaced by the shared report
 * view model (issue 10, "one view model") without touching the template's renderer.
 */
import type { Report as AnalysisReport, PreventionIssue } from '@preflight/shared';
import { mss as formatMss } from '../../analysis/time';
import { fileNameOnly } from '../share/share-redaction';

export const CATEGORY_ORDER = ['hook', 'retention', 'algorithm', 'engagement', 'cta'] as const;
export const CATEGORY_LABELS: Record<(typeof CATEGORY_ORDER)[number], string> = {
  hook: 'Hook',
  retention: 'Retention',
  algorithm: 'Algorithm',
  engagement: 'Engagement',
  cta: 'Call to Action',
};
/** SPEC section 9: the top 3 issues are urgent fixes; the rest are grouped by category. */
const URGENT_COUNT = 3;
/** Frames in the strip: enough to see the video's arc, few enough to stay small. */
const STRIP_FRAMES = 8;

export interface PdfIssue {
  id: string;
  title: string;
  severity: PreventionIssue['severity'];
  category: string;
  timestamp: string;
  seconds: number;
  description: string;
  evidence: string;
  fix: string;
  impactScore: number;
  /** Frame image path relative to the report folder, when the report has one for this issue. */
  framePath?: string;
}

export interface PdfView {
  filename: string;
  score: number;
  label: string;
  riskLevel: 'high' | 'medium' | 'low';
  viralRisk: number;
  summary: string;
  predictionNote: string;
  platform: string;
  feedbackStyle: string;
  analyzedAt: string;
  durationSeconds: number;
  figures: { label: string; value: string; note: string }[];
  roiAssumptions: string[];
  curve: { label: string; points: { t: number; pct: number }[] };
  dropOffs: { seconds: number; timestamp: string; loss: number; cause: string }[];
  urgent: PdfIssue[];
  categories: { key: string; label: string; issues: PdfIssue[] }[];
  issueCount: number;
  strip: { seconds: number; timestamp: string; path: string }[];
  facts: { label: string; value: string }[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function fileSize(bytes: number): string {
  if (bytes >= 1e9) return `${round1(bytes / 1e9)} GB`;
  if (bytes >= 1e6) return `${round1(bytes / 1e6)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} kB`;
}

/** The engine ends each description with "(Measured: evidence.)"; the PDF prints the evidence on its own line. */
function withoutMeasuredSuffix(description: string, evidence: string): string {
  const suffix = ` (Measured: ${evidence}.)`;
  return description.endsWith(suffix) ? description.slice(0, -suffix.length) : description;
}

const PLATFORM_NAMES: Record<string, string> = { tiktok: 'TikTok', shorts: 'YouTube Shorts', reels: 'Instagram Reels', youtube: 'YouTube' };

/** Highest impact first, earliest first on ties (the analysis page's rule). */
function splitUrgent(issues: PdfIssue[]): { urgent: PdfIssue[]; rest: PdfIssue[] } {
  const ranked = [...issues].sort((a, b) => b.impactScore - a.impactScore || a.seconds - b.seconds);
  const urgent = ranked.slice(0, URGENT_COUNT);
  const chosen = new Set(urgent);
  return { urgent, rest: issues.filter((issue) => !chosen.has(issue)) };
}

/** Evenly spaced frames over the video (the report's own timeline frames). */
function stripFrames(report: AnalysisReport): PdfView['strip'] {
  const frames = [...report.frames].sort((a, b) => a.time_s - b.time_s);
  if (frames.length <= STRIP_FRAMES) return frames.map((f) => ({ seconds: f.time_s, timestamp: formatMss(f.time_s), path: f.path }));
  const duration = report.video_info.duration_seconds;
  const picked = new Set<(typeof frames)[number]>();
  for (let i = 0; i < STRIP_FRAMES; i += 1) {
    const target = (duration * i) / (STRIP_FRAMES - 1);
    const nearest = frames.reduce((best, f) => (Math.abs(f.time_s - target) < Math.abs(best.time_s - target) ? f : best));
    picked.add(nearest);
  }
  return [...picked].sort((a, b) => a.time_s - b.time_s).map((f) => ({ seconds: f.time_s, timestamp: formatMss(f.time_s), path: f.path }));
}

export function toPdfView(report: AnalysisReport): PdfView {
  const overall = report.overall_score_and_recommendations;
  const analytics = report.prevention_analytics;
  const meta = report.report_metadata;
  const info = report.video_info;

  const framePaths = new Map<string, string>();
  for (const item of report.detailed_analysis) if (item.frame_image_path) framePaths.set(item.id, item.frame_image_path);
  for (const item of report.viral_hook.action_items) if (item.frame_image_path) framePaths.set(item.id, item.frame_image_path);
  for (const frame of report.predictive_frames) if (frame.issue_id && !framePaths.has(frame.issue_id)) framePaths.set(frame.issue_id, frame.frame_image_path);

  const issues: PdfIssue[] = analytics.prevention_fixes.map((fix) => ({
    id: fix.id,
    title: fix.title,
    severity: fix.severity,
    category: fix.category,
    timestamp: fix.timestamp,
    seconds: fix.timestamp_seconds,
    description: withoutMeasuredSuffix(fix.description, fix.evidence),
    evidence: fix.evidence,
    fix: fix.fix,
    impactScore: fix.impactScore,
    framePath: framePaths.get(fix.id),
  }));
  const { urgent, rest } = splitUrgent(issues);
  const roi = analytics.prevention_roi;

  return {
    // One PDF serves the owner and every share link: it never prints the folders the upload came from.
    filename: fileNameOnly(info.original_filename),
    score: overall.overall_performance_score,
    label: overall.optimization_label,
    riskLevel: overall.risk_level,
    viralRisk: analytics.viral_risk_score,
    summary: overall.summary,
    predictionNote: meta.prediction_note,
    platform: PLATFORM_NAMES[meta.platform] ?? meta.platform,
    feedbackStyle: meta.feedback_style,
    analyzedAt: meta.generated_at,
    durationSeconds: info.duration_seconds,
    figures: [
      { label: 'Predicted drop-off', value: `${Math.round(analytics.predicted_drop_off_rate)}%`, note: 'of viewers leave before the end' },
      { label: 'Watch time lost', value: `${Math.round(analytics.predicted_watch_time_loss)}%`, note: 'of the video the average viewer misses' },
      { label: 'Hook hold', value: `${Math.round(report.viral_hook.predicted_hook_hold)}%`, note: `still watching after ${round1(report.viral_hook.hook_window_s)} s` },
      { label: 'Growth potential', value: `£${Math.round(roi.total_roi).toLocaleString('en-GB')}`, note: 'if every issue is fixed (assumptions below)' },
    ],
    roiAssumptions: roi.assumptions,
    curve: { label: report.retention_curve.label, points: report.retention_curve.points.map((p) => ({ t: p.t_s, pct: p.retention_pct })) },
    dropOffs: report.drop_offs.map((d) => ({ seconds: d.time_s, timestamp: d.timestamp, loss: d.predicted_loss, cause: d.cause })),
    urgent,
    categories: CATEGORY_ORDER.map((key) => ({ key, label: CATEGORY_LABELS[key], issues: rest.filter((issue) => issue.category === key) })).filter(
      (group) => group.issues.length > 0,
    ),
    issueCount: issues.length,
    strip: stripFrames(report),
    facts: [
      { label: 'Duration', value: formatMss(info.duration_seconds) },
      { label: 'Resolution', value: `${info.width} × ${info.height} (${info.aspect_ratio}, ${info.orientation})` },
      { label: 'Frame rate', value: `${round1(info.fps)} fps${info.variable_frame_rate ? ' (variable)' : ''}` },
      { label: 'Video codec', value: info.video_codec },
      { label: 'Audio', value: info.has_audio ? (info.audio_codec ?? 'yes') : 'no audio track' },
      { label: 'File size', value: fileSize(info.file_size_bytes) },
      { label: 'Platform', value: PLATFORM_NAMES[meta.platform] ?? meta.platform },
      { label: 'Feedback style', value: meta.feedback_style },
    ],
  };
}
