import { Injectable, InternalServerErrorException, Logger, NotFoundException } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ReportSchema, type Report as AnalysisReport } from '@preflight/shared';
import { writeFileAtomic } from '../../common/fs/atomic-write';
import { StorageService } from '../../infra/storage/storage.service';
import type { Report } from './report.entity';

/** What the owner reads when report.json cannot be used: a final state, not something a retry fixes. */
export const REPORT_DATA_UNREADABLE = "This report's analysis data is damaged and cannot be shown. Upload the video again to analyse it anew.";

/** report.json exists but is not a report (cut short, hand-edited, or written by an incompatible version). */
export class ReportDataUnreadableError extends InternalServerErrorException {
  constructor(readonly reportId: string, readonly reason: string) {
    super(REPORT_DATA_UNREADABLE);
  }
}

/** report.json in the report's storage folder: the full analysis the engine wrote. */
@Injectable()
export class ReportDataStore {
  private readonly logger = new Logger(ReportDataStore.name);

  constructor(private readonly storage: StorageService) {}

  path(reportId: string): string {
    return join(this.storage.reportDir(reportId), 'report.json');
  }

  /** The report, checked against the engine's schema: a damaged file is a clear error, never half a report. */
  async read(reportId: string): Promise<AnalysisReport> {
    const text = await readFile(this.path(reportId), 'utf8').catch(() => null);
    if (text === null) throw new NotFoundException('Analysis data not found');
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw this.unreadable(reportId, `not JSON (${(error as Error).message})`);
    }
    const parsed = ReportSchema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw this.unreadable(reportId, `not a report: ${first.path.join('.') || '(root)'} ${first.message}`);
    }
    return parsed.data;
  }

  /** Atomic (unique temporary name, flushed, renamed): racing writers and crashes never leave half a file. */
  async write(reportId: string, data: AnalysisReport): Promise<void> {
    await writeFileAtomic(this.path(reportId), JSON.stringify(data));
  }

  private unreadable(reportId: string, reason: string): ReportDataUnreadableError {
    this.logger.error(`report ${reportId}: report.json is unreadable: ${reason}`);
    return new ReportDataUnreadableError(reportId, reason);
  }
}

/** The figures the dashboard lists, copied from the analysis onto the report row. */
export function summaryOf(data: AnalysisReport): Partial<Report> {
  const analytics = data.prevention_analytics;
  const categoryCounts: Record<string, number> = {};
  for (const issue of analytics.prevention_fixes) categoryCounts[issue.category] = (categoryCounts[issue.category] ?? 0) + 1;
  return {
    viralRiskScore: analytics.viral_risk_score,
    dropOffLikelihood: analytics.predicted_drop_off_rate,
    watchTimeLoss: analytics.predicted_watch_time_loss,
    preventionRoi: analytics.prevention_roi.total_roi,
    issuesCount: analytics.prevention_fixes.length,
    categoryCounts,
    durationSeconds: data.video_info.duration_seconds,
    feedbackStyle: data.report_metadata.feedback_style,
  };
}
