import { Injectable, NotFoundException } from '@nestjs/common';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Report as AnalysisReport } from '@preflight/shared';
import { StorageService } from '../../infra/storage/storage.service';
import type { Report } from './report.entity';

/** report.json in the report's storage folder: the full analysis the engine wrote. */
@Injectable()
export class ReportDataStore {
  constructor(private readonly storage: StorageService) {}

  path(reportId: string): string {
    return join(this.storage.reportDir(reportId), 'report.json');
  }

  async read(reportId: string): Promise<AnalysisReport> {
    const text = await readFile(this.path(reportId), 'utf8').catch(() => null);
    if (text === null) throw new NotFoundException('Analysis data not found');
    return JSON.parse(text) as AnalysisReport;
  }

  /** Written to a temporary name first so a reader never sees half a file. */
  async write(reportId: string, data: AnalysisReport): Promise<void> {
    const target = this.path(reportId);
    const temporary = `${target}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(data));
    await rename(temporary, target);
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
