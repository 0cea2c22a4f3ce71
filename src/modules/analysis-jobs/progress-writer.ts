import type { AnalysisProgress } from '../../analysis';
import { STAGE_TEXT } from '@preflight/shared';
import type { ReportsRepository } from '../reports';
import { RESUMING_MESSAGE } from './resuming';

/** At most one row update per interval, unless the stage changes: the status page polls every 5 s anyway. */
const MIN_WRITE_INTERVAL_MS = 1000;

/**
 * Pushes the engine's progress to the report row (what GET /api/status reads) and to the job. Progress is
 * clamped to 5–99 while running and never moves backwards; 100 is written only with the completed status.
 */
export class ProgressWriter {
  private lastWrite = 0;
  private lastStage: string | null = null;
  private lastPhase: string | null = null;
  private lastPhasePercent: number | null = null;
  private lastProgress = 0;
  private pending: Promise<unknown> = Promise.resolve();

  /**
   * `resumeFrom`: the progress an interrupted earlier run had reached. The bar never goes back: the new run's progress
   * is shown from there, with the resuming message, until it passes that point.
   */
  constructor(
    private readonly reports: Pick<ReportsRepository, 'updateWhileProcessing'>,
    private readonly reportId: string,
    private readonly onJobProgress: (progress: number) => unknown,
    private readonly resumeFrom = 0,
  ) {
    this.lastProgress = resumeFrom;
  }

  push(update: AnalysisProgress): void {
    const progress = Math.max(this.lastProgress, Math.min(99, Math.max(5, Math.round(update.progress))));
    const catchingUp = Math.round(update.progress) < this.resumeFrom;
    const now = Date.now();
    // Every change of stage or phase is written (the status shows each one, in order), and so is a phase's 100 % (its
    // end, which the next phase would otherwise hide on a fast machine); within a phase, at most one a second.
    const phasePercent = update.phasePercent ?? null;
    const stageChanged = update.stage !== this.lastStage || update.phase !== this.lastPhase;
    const phaseEnded = phasePercent === 100 && this.lastPhasePercent !== 100;
    const moved = progress !== this.lastProgress || phasePercent !== this.lastPhasePercent;
    if (!stageChanged && !phaseEnded && (now - this.lastWrite < MIN_WRITE_INTERVAL_MS || !moved)) return;
    this.lastWrite = now;
    this.lastStage = update.stage;
    this.lastPhase = update.phase;
    this.lastPhasePercent = phasePercent;
    this.lastProgress = progress;
    // Each write on its own: a missed one is harmless (the next catches up), and the job's progress (in Redis) still
    // moves while PostgreSQL is away.
    this.pending = this.pending
      .then(() =>
        this.reports.updateWhileProcessing(this.reportId, {
          progress,
          currentStep: update.stage,
          phase: update.phase,
          phasePercent,
          stepMessage: catchingUp ? RESUMING_MESSAGE : STAGE_TEXT[update.stage],
          workerSeenAt: new Date(),
        }),
      )
      .catch(() => undefined)
      .then(() => this.onJobProgress(progress))
      .catch(() => undefined);
  }

  /** Waits for writes in flight, so a final status is never overwritten by a late progress update. */
  flush(): Promise<unknown> {
    return this.pending;
  }
}
