import { Inject, Injectable, InternalServerErrorException, Logger, NotFoundException } from '@nestjs/common';
import { ReportSchema, watchGain, type Report as AnalysisReport } from '@preflight/shared';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { reportJsonKey } from '../../infra/storage/storage-keys';
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

  constructor(@Inject(OBJECT_STORE) private readonly store: ObjectStore) {}

  /** report.json as stored (the PDF cache hashes these exact bytes), or null when there is none. */
  raw(reportId: string): Promise<Buffer | null> {
    return this.store.getBytes(reportJsonKey(reportId));
  }

  /** The report, checked against the engine's schema: a damaged file is a clear error, never half a report. */
  async read(reportId: string): Promise<AnalysisReport> {
    const bytes = await this.raw(reportId);
    if (bytes === null) throw new NotFoundException('Analysis data not found');
    const text = bytes.toString('utf8');
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

  /** Atomic (local: unique temporary name, flushed, renamed; S3: one PUT): racing writers and crashes never leave half a file. */
  async write(reportId: string, data: AnalysisReport): Promise<void> {
    await this.store.putBytes(reportJsonKey(reportId), JSON.stringify(data), 'application/json');
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
    watchGainSeconds: watchGain(analytics.prevention_roi).secondsPerView,
    issuesCount: analytics.prevention_fixes.length,
    categoryCounts,
    durationSeconds: data.video_info.duration_seconds,
    feedbackStyle: data.report_metadata.feedback_style,
    platform: data.report_metadata.platform_requested,
  };
}
