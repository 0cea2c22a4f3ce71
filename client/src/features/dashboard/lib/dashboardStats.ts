import { watchGainOfSeconds } from '@preflight/shared';
import { isCompletedStatus, type ReportSummary } from '../../../shared/reports';

export interface ExtraStatsInput extends ReportSummary {
  dropOffLikelihood?: number | null;
  preventionROI?: number | null;
  watchGainSeconds?: number | null;
}

export interface ExtraStats {
  /** Average predicted drop-off of completed reports, %. */
  dropOffRate: number;
  /** Sum of the estimated value of the fixes, £ (kept with the assumptions, not the headline). */
  growthPotential: number;
  /**
   * What the fixes are predicted to bring, in watch time (the report's rule, watchGainOfSeconds): minutes more watched
   * per 1,000 views of each video, summed; null when no report says (reports analysed before the figure was kept).
   */
  minutesPer1000Views: number | null;
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
    minutesPer1000Views: done.some((r) => typeof r.watchGainSeconds === 'number')
      ? watchGainOfSeconds(done.reduce((sum, r) => sum + (r.watchGainSeconds ?? 0), 0)).minutesPer1000Views
      : null,
    patternFixes: done.reduce((sum, r) => sum + (r.issuesCount ?? 0), 0),
  };
}

export { formatPounds } from '@preflight/shared';

const WHOLE_MINUTES = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** The predicted watch-time gain per 1,000 views as the dashboard and Growth Insights show it: "+12 min", or "—". */
export function formatWatchGain(minutesPer1000Views: number | null): string {
  return minutesPer1000Views === null ? '—' : `+${WHOLE_MINUTES.format(minutesPer1000Views)} min`;
}


