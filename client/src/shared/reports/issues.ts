import { CATEGORY_META, ISSUE_CATEGORIES, normalizeCategory, type IssueCategory } from './categories';
import { HOOK_ITEM_IMPACT_SCORE, HOOK_ITEM_SEVERITY, impactScore, mapSeverity, type Severity } from './severity';
import { formatTimestamp, parseTimestamp, sortByTimestamp } from './timestamp';

/** Prevention issue (docs/product.md, Data shapes). The optional fields carry the evidence the report file has. */
export interface PreventionIssue {
  id: string;
  title: string;
  description: string;
  fix: string;
  severity: Severity;
  category: IssueCategory;
  /** m:ss */
  timestamp: string;
  /** 0–100 */
  impactScore: number;
  thumbnailUrl?: string;
  frameImagePath?: string;
  potentialRetentionBoost?: number | string;
}

/**
 * The report data file (`/reports/{id}_data/report.json`, docs/report-format.md), loosely typed for now:
 * every field is optional and read defensively.
 */
export interface ReportDataFile {
  video_info?: { original_filename?: string; duration_seconds?: number } | null;
  overall_score_and_recommendations?: { overall_performance_score?: number } | null;
  viral_hook?: { action_items?: unknown[] | null } | null;
  detailed_analysis?: unknown[] | null;
  report_metadata?: Record<string, unknown> | null;
  predictive_frames?: unknown[] | null;
  [key: string]: unknown;
}

type Loose = Record<string, unknown>;
const asRecord = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : undefined);

/** Normalises a timestamp given as seconds or as "m:ss" to "m:ss". */
export function toTimestamp(value: unknown): string {
  if (typeof value === 'number') return formatTimestamp(value);
  if (typeof value === 'string') return formatTimestamp(parseTimestamp(value));
  return formatTimestamp(0);
}

/** Gentle mode: a detailed analysis of 1–3 items is used on its own, without the hook items. */
export function isGentleMode(detailedCount: number): boolean {
  return detailedCount > 0 && detailedCount <= 3;
}

function fromDetailed(raw: unknown, index: number): PreventionIssue {
  const item = asRecord(raw);
  const severity = mapSeverity(str(item.severity));
  const issue: PreventionIssue = {
    id: `detail-${index}`,
    title: str(item.title) ?? 'Issue',
    description: str(item.problem_description) ?? '',
    fix: str(item.actionable_recommendation_short) ?? '',
    severity,
    category: normalizeCategory(str(item.category)),
    timestamp: toTimestamp(item.timestamp_start),
    impactScore: impactScore(severity),
  };
  const thumbnailUrl = str(item.thumbnail_url);
  const frameImagePath = str(item.frame_image_path);
  const boost = item.potential_retention_boost;
  if (thumbnailUrl) issue.thumbnailUrl = thumbnailUrl;
  if (frameImagePath) issue.frameImagePath = frameImagePath;
  if (typeof boost === 'number' || typeof boost === 'string') issue.potentialRetentionBoost = boost;
  return issue;
}

function fromHookItem(raw: unknown, index: number): PreventionIssue {
  const item = asRecord(raw);
  return {
    id: `hook-${index}`,
    title: 'Hook improvement',
    description: str(item.problem) ?? '',
    fix: str(item.quick_suggestion) ?? '',
    severity: HOOK_ITEM_SEVERITY,
    category: 'hook',
    timestamp: toTimestamp(item.timestamp),
    impactScore: HOOK_ITEM_IMPACT_SCORE,
  };
}

/**
 * report.json → Prevention issues: `detailed_analysis` items plus `viral_hook.action_items`
 * (left out in gentle mode), sorted by timestamp ascending.
 */
export function mapReportToIssues(report: ReportDataFile | null | undefined): PreventionIssue[] {
  const detailed = Array.isArray(report?.detailed_analysis) ? report.detailed_analysis : [];
  const hooks = Array.isArray(report?.viral_hook?.action_items) ? report.viral_hook.action_items : [];
  const issues = detailed.map(fromDetailed);
  if (!isGentleMode(detailed.length)) issues.push(...hooks.map(fromHookItem));
  return sortByTimestamp(issues);
}

/**
 * The top 3 issues (highest impact first, then earliest) are urgent fixes; the rest keep their order.
 */
export function splitUrgent<T extends PreventionIssue>(issues: readonly T[], count = 3): { urgent: T[]; rest: T[] } {
  const ranked = issues
    .map((issue, index) => ({ issue, index, seconds: parseTimestamp(issue.timestamp) }))
    .sort((a, b) => b.issue.impactScore - a.issue.impactScore || a.seconds - b.seconds || a.index - b.index);
  const urgentIds = new Set(ranked.slice(0, count).map(({ index }) => index));
  return {
    urgent: ranked.slice(0, count).map(({ issue }) => issue),
    rest: issues.filter((_, index) => !urgentIds.has(index)),
  };
}

export interface IssueGroup<T extends PreventionIssue = PreventionIssue> {
  category: IssueCategory;
  label: string;
  Icon: (typeof CATEGORY_META)[IssueCategory]['Icon'];
  issues: T[];
}

/** Groups issues by category in the fixed order hook, retention, algorithm, engagement, cta; empty groups omitted. */
export function groupByCategory<T extends PreventionIssue>(issues: readonly T[]): IssueGroup<T>[] {
  return ISSUE_CATEGORIES.map((category) => ({
    category,
    ...CATEGORY_META[category],
    issues: issues.filter((issue) => issue.category === category),
  })).filter((group) => group.issues.length > 0);
}
