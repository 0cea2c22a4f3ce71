import { REPORT_STATUSES, type ReportStatus } from '@preflight/shared';
import { DEFAULT_RISK_SCORE, optimizationLabelFromRisk, riskScoreOrDefault, type OptimizationLabel } from './score';

/** Report status rules and the dashboard stats (docs/product.md, Rules › Report status; Dashboard). The statuses
 * themselves are @preflight/shared's REPORT_STATUSES. */
export type StatusColor = 'default' | 'info' | 'success' | 'error';

/** The server normalises the legacy `ready` status to `completed` (migration NormaliseReadyStatus). */
export function isCompletedStatus(status: string | null | undefined): boolean {
  return status === ('completed' satisfies ReportStatus);
}

export function isProcessingStatus(status: string | null | undefined): boolean {
  return status === ('processing' satisfies ReportStatus);
}

const STATUS_COLORS: Record<ReportStatus, StatusColor> = { processing: 'info', completed: 'success', error: 'error' };
const isReportStatus = (status: string): status is ReportStatus => (REPORT_STATUSES as readonly string[]).includes(status);

/** Status badge of a dashboard card; unknown statuses are shown raw, in grey. */
export function reportStatusDisplay(status: string | null | undefined): { label: string; color: StatusColor } {
  if (status && isReportStatus(status)) return { label: status, color: STATUS_COLORS[status] };
  return { label: status || 'unknown', color: 'default' };
}

export interface ReportSummary {
  status?: string | null;
  viralRiskScore?: number | null;
  issuesCount?: number | null;
}

const completed = <T extends ReportSummary>(reports: readonly T[]) => reports.filter((r) => isCompletedStatus(r.status));

/** "Videos Optimized": count of completed reports. */
export function countOptimized(reports: readonly ReportSummary[]): number {
  return completed(reports).length;
}

/** Average viral risk of completed reports (missing scores count as 75), or null when there are none. */
export function averageRisk(reports: readonly ReportSummary[]): number | null {
  const done = completed(reports);
  if (!done.length) return null;
  return done.reduce((sum, r) => sum + riskScoreOrDefault(r.viralRiskScore), 0) / done.length;
}

/** "Optimization Level": the label of the average risk of completed reports, or N/A when none. */
export function overallOptimizationLevel(reports: readonly ReportSummary[]): OptimizationLabel | 'N/A' {
  const average = averageRisk(reports);
  return average === null ? 'N/A' : optimizationLabelFromRisk(average);
}

/** "Pattern Insights": sum of issue counts over completed reports. */
export function sumIssues(reports: readonly ReportSummary[]): number {
  return completed(reports).reduce((sum, r) => sum + (r.issuesCount ?? 0), 0);
}

export { DEFAULT_RISK_SCORE };
