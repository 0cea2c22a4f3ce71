import { isCompletedStatus, type ReportSummary } from '../../../shared/reports';

export interface ExtraStatsInput extends ReportSummary {
  dropOffLikelihood?: number | null;
  preventionROI?: number | null;
}

export interface ExtraStats {
  /** Average predicted drop-off of completed reports, %. */
  dropOffRate: number;
  /** Sum of the estimated value of the fixes, £. */
  growthPotential: number;
  /** Fixes offered over completed reports. */
  patternFixes: number;
}

/** The extra stats row, or null when no completed report carries data. */
export function extraStats(reports: readonly ExtraStatsInput[]): ExtraStats | null {
  const done = reports.filter((r) => isCompletedStatus(r.status));
  if (!done.length) return null;
  const drops = done.map((r) => r.dropOffLikelihood).filter((v): v is number => typeof v === 'number');
  return {
    dropOffRate: drops.length ? Math.round((drops.reduce((a, b) => a + b, 0) / drops.length) * 10) / 10 : 0,
    growthPotential: done.reduce((sum, r) => sum + (r.preventionROI ?? 0), 0),
    patternFixes: done.reduce((sum, r) => sum + (r.issuesCount ?? 0), 0),
  };
}

export { formatPounds } from '@preflight/shared';


