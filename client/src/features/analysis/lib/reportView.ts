/**
 * report.json (the engine's report data file, SPEC section 3) → what the Analysis page shows. Read defensively: every
 * field may be missing in older or foreign files.
 */
import {
  analysisOptimizationLevel,
  impactScore,
  mapLegacySeverity,
  mapSeverity,
  parseTimestamp,
  mapReportToIssues,
  normalizeCategory,
  optimizationLabel,
  optimizationScore,
  riskLevel,
  riskScoreOrDefault,
  sortByTimestamp,
  toTimestamp,
  type PreventionIssue,
  type ReportDataFile,
  type Severity,
} from '../../reports/lib';

type Loose = Record<string, unknown>;
const rec = (v: unknown): Loose => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v : undefined);

export interface ViewerFrame {
  key: string;
  seconds: number;
  /** m:ss */
  timestamp: string;
  title: string;
  severity: Severity;
  frameType: string;
  problemType: string;
  /** Signed, expiring image URL (or a path relative to the report folder). */
  url?: string;
  fix: string;
  /** Predicted % of viewers gone by this moment. */
  dropOffRate: number | null;
  issueId?: string;
}

export interface AnalysisIssue extends PreventionIssue {
  evidence?: string;
  seconds: number;
}

export interface TimelineSegment {
  start: number;
  end: number;
  rating: 'engaging' | 'neutral' | 'flat';
  score: number;
  reasons: string[];
  url?: string;
}

export interface DropOffPoint {
  seconds: number;
  timestamp: string;
  loss: number;
  cause: string;
}

export interface AnalysisView {
  filename: string;
  durationSeconds: number;
  /** 0–100, higher is better (100 − viral risk). */
  score: number;
  optimizationLabel: string;
  /** The Analysis page's own reading (Needs Work / Good / Excellent). */
  analysisLevel: string;
  viralRisk: number;
  riskLevel: 'high' | 'medium' | 'low';
  dropOffRate: number | null;
  watchTimeLoss: number | null;
  roi: { total: number; currency: string; gainPercent: number | null; baselineWatch: number | null; improvedWatch: number | null; assumptions: string[] } | null;
  summary: string;
  topRecommendations: string[];
  feedbackStyle: string | null;
  platform: string | null;
  predictionNote: string | null;
  hookHold: number | null;
  issues: AnalysisIssue[];
  curve: { label: string; points: { t: number; retention: number }[] };
  dropOffs: DropOffPoint[];
  segments: TimelineSegment[];
  frames: ViewerFrame[];
  framesExpired: boolean;
}

/** SPEC section 9: default duration 120 s when none is known. */
export const DEFAULT_DURATION_S = 120;

const PROBLEM_TITLES: Record<string, string> = {
  retention_cliff: 'Retention cliff',
  content: 'Content issue',
  visual: 'Visual issue',
  pacing: 'Pacing issue',
  audio: 'Audio issue',
  content_quality: 'Content quality',
  none: 'Frame',
};

function frameUrls(report: Loose): Map<string, string> {
  const urls = new Map<string, string>();
  for (const raw of arr(report.frames)) {
    const f = rec(raw);
    const path = str(f.path);
    const url = str(f.url);
    if (path && url) urls.set(path, url);
  }
  return urls;
}

function viewerFrames(report: Loose, urls: Map<string, string>): ViewerFrame[] {
  const predictive = arr(report.predictive_frames).map((raw, i): ViewerFrame => {
    const f = rec(raw);
    const seconds = num(f.timestamp_seconds) ?? 0;
    const path = str(f.frame_image_path);
    const problemType = str(f.problem_type) ?? 'none';
    const frameType = str(f.frame_type) ?? 'baseline';
    return {
      key: `p${i}`,
      seconds,
      timestamp: str(f.timestamp_string) ? toTimestamp(f.timestamp_string) : toTimestamp(Math.floor(seconds)),
      title: str(f.title) ?? (frameType === 'baseline' ? 'Timeline frame' : (PROBLEM_TITLES[problemType] ?? 'Frame')),
      severity: mapLegacySeverity(str(f.problem_severity)),
      frameType,
      problemType,
      url: str(f.thumbnail_url) ?? (path ? urls.get(path) : undefined),
      fix: str(f.fix_suggestion) ?? '',
      dropOffRate: num(f.drop_off_rate),
      issueId: str(f.issue_id),
    };
  });
  if (predictive.length) return [...predictive].sort((a, b) => a.seconds - b.seconds);
  // Older files without predictive frames: the plain timeline frames.
  return arr(report.frames)
    .map((raw, i): ViewerFrame => {
      const f = rec(raw);
      const seconds = num(f.time_s) ?? 0;
      return {
        key: `f${i}`,
        seconds,
        timestamp: toTimestamp(Math.floor(seconds)),
        title: 'Timeline frame',
        severity: 'low',
        frameType: 'baseline',
        problemType: 'none',
        url: str(f.url),
        fix: '',
        dropOffRate: null,
      };
    })
    .sort((a, b) => a.seconds - b.seconds);
}

function issuesOf(report: Loose): AnalysisIssue[] {
  const fixes = arr(rec(report.prevention_analytics).prevention_fixes);
  if (fixes.length) {
    const issues = fixes.map((raw, i): AnalysisIssue => {
      const f = rec(raw);
      const severity = (['high', 'medium', 'low'] as const).find((s) => s === f.severity) ?? mapSeverity(str(f.severity));
      const timestamp = toTimestamp(f.timestamp ?? f.timestamp_seconds);
      return {
        id: str(f.id) ?? `fix-${i}`,
        title: str(f.title) ?? 'Issue',
        description: str(f.description) ?? '',
        fix: str(f.fix) ?? '',
        severity,
        category: normalizeCategory(str(f.category)),
        timestamp,
        impactScore: num(f.impactScore) ?? impactScore(severity),
        evidence: str(f.evidence),
        seconds: num(f.timestamp_seconds) ?? toSeconds(timestamp),
      };
    });
    return sortByTimestamp(issues);
  }
  // Files without prevention analytics: the SPEC mapping from detailed_analysis and hook items.
  const evidence = new Map(arr(report.detailed_analysis).map((raw) => [str(rec(raw).title), str(rec(raw).evidence)]));
  return mapReportToIssues(report as ReportDataFile).map((issue) => ({
    ...issue,
    evidence: evidence.get(issue.title),
    seconds: toSeconds(issue.timestamp),
  }));
}

const toSeconds = parseTimestamp;

export function buildAnalysisView(data: unknown, fallbackFilename = 'Video'): AnalysisView {
  const report = rec(data);
  const info = rec(report.video_info);
  const overall = rec(report.overall_score_and_recommendations);
  const analytics = rec(report.prevention_analytics);
  const roi = rec(analytics.prevention_roi);
  const meta = rec(report.report_metadata);
  const urls = frameUrls(report);

  const overallScore = num(overall.overall_performance_score);
  const viralRisk = num(analytics.viral_risk_score) ?? (overallScore !== null ? 100 - overallScore : riskScoreOrDefault(null));
  const score = overallScore ?? optimizationScore(viralRisk);
  const frames = viewerFrames(report, urls);
  const curvePoints = arr(rec(report.retention_curve).points)
    .map((raw) => ({ t: num(rec(raw).t_s), retention: num(rec(raw).retention_pct) }))
    .filter((p): p is { t: number; retention: number } => p.t !== null && p.retention !== null);
  const lastTime = Math.max(0, ...curvePoints.map((p) => p.t), ...frames.map((f) => f.seconds));
  const durationSeconds = num(info.duration_seconds) ?? (lastTime || DEFAULT_DURATION_S);

  return {
    filename: str(info.original_filename) ?? fallbackFilename,
    durationSeconds,
    score,
    optimizationLabel: str(overall.optimization_label) ?? optimizationLabel(score),
    analysisLevel: analysisOptimizationLevel(viralRisk),
    viralRisk,
    riskLevel: riskLevel(viralRisk),
    dropOffRate: num(analytics.predicted_drop_off_rate),
    watchTimeLoss: num(analytics.predicted_watch_time_loss),
    roi: num(roi.total_roi) === null
      ? null
      : {
          total: num(roi.total_roi)!,
          currency: str(roi.currency) ?? 'GBP',
          gainPercent: num(roi.predicted_watch_time_gain_percent),
          baselineWatch: num(roi.baseline_avg_watch_s),
          improvedWatch: num(roi.improved_avg_watch_s),
          assumptions: arr(roi.assumptions).filter((a): a is string => typeof a === 'string'),
        },
    summary: str(overall.summary) ?? '',
    topRecommendations: arr(overall.top_recommendations).filter((a): a is string => typeof a === 'string'),
    feedbackStyle: str(meta.feedback_style) ?? null,
    platform: str(meta.platform) ?? null,
    predictionNote: str(meta.prediction_note) ?? null,
    hookHold: num(rec(report.viral_hook).predicted_hook_hold),
    issues: issuesOf(report),
    curve: { label: str(rec(report.retention_curve).label) ?? 'Predicted retention (model estimate)', points: curvePoints },
    dropOffs: arr(report.drop_offs)
      .map((raw) => {
        const d = rec(raw);
        const seconds = num(d.time_s) ?? 0;
        return { seconds, timestamp: str(d.timestamp) ?? toTimestamp(Math.floor(seconds)), loss: num(d.predicted_loss) ?? 0, cause: str(d.cause) ?? '' };
      })
      .sort((a, b) => a.seconds - b.seconds),
    segments: arr(report.segments)
      .map((raw): TimelineSegment => {
        const s = rec(raw);
        const rating = s.rating === 'engaging' || s.rating === 'flat' ? s.rating : 'neutral';
        const path = str(s.frame_image_path);
        return {
          start: num(s.start_s) ?? 0,
          end: num(s.end_s) ?? 0,
          rating,
          score: num(s.score) ?? 0,
          reasons: arr(s.reasons).filter((r): r is string => typeof r === 'string'),
          url: path ? urls.get(path) : undefined,
        };
      })
      .filter((s) => s.end > s.start),
    frames,
    framesExpired: report.frames_expired === true,
  };
}
