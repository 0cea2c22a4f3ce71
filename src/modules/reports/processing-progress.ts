import { analysisSecondsLeft, type AnalysisPhase } from '@preflight/shared';
import type { Report } from './report.entity';

export interface ProcessingProgress {
  phase: AnalysisPhase | null;
  phasePercent: number | null;
  /** Seconds left, from the video's duration and this server's measured speed; null once ended or while resuming. */
  eta: number | null;
}

/** What the status poll and the dashboard row say of a report's progress (one rule for both). */
export function processingProgress(report: Report, secondsPerVideoSecond: number, resuming = false): ProcessingProgress {
  if (report.status !== 'processing') return { phase: null, phasePercent: null, eta: report.status === 'completed' ? 0 : null };
  return {
    phase: report.phase ?? 'received',
    phasePercent: report.phasePercent,
    eta: resuming ? null : analysisSecondsLeft(report.durationSeconds, report.progress, secondsPerVideoSecond),
  };
}
