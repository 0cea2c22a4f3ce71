import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { rederiveReport } from '../../analysis';
import { holdTransactionLock } from '../../database/advisory-lock';
import type { Report as AnalysisReport } from '@preflight/shared';
import type { RequestAuth } from '../auth';
import { ReportAccess, ReportDataStore, ReportsRepository, summaryOf, assertAnalysisFinished, type Report, type ReportPermission } from '../reports';
import type {
  AnalyzePreventionDto,
  PreventionAnalytics,
  PreventionDashboardDto,
  PreventionInsightsDto,
  PreventionMetricsDto,
} from './prevention.dto';

const CATEGORY_ADVICE: Record<string, string> = {
  hook: 'Your openings lose viewers most often: say the payoff in the first second and cut anything before it.',
  retention: 'Mid-video lulls are your most common issue: trim pauses and add a visual change every few seconds.',
  algorithm: 'Platform fit trips you up: check length and aspect ratio against the platform before posting.',
  engagement: 'Energy and sound are your weak spot: normalise loudness and keep the voice present.',
  cta: 'Endings drag: finish on your call to action instead of trailing off.',
};

/** Prevention analytics over stored analyses; re-derivation works from stored signals and never decodes video. */
@Injectable()
export class PreventionService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reports: ReportsRepository,
    private readonly access: ReportAccess,
    private readonly data: ReportDataStore,
  ) {}

  private async completed(auth: RequestAuth, reportId: string, permission: ReportPermission): Promise<{ report: Report; data: AnalysisReport }> {
    const { report } = await this.access.requireReport(auth, reportId, permission);
    assertAnalysisFinished(report);
    return { report, data: await this.data.read(report.id) };
  }

  /**
   * Read, re-derive, write and update the row under a per-report PostgreSQL advisory lock, so parallel requests (two
   * tabs, a double click, several API instances) run one after the other and each starts from the last one's file.
   */
  async analyze(auth: RequestAuth, reportId: string, options: AnalyzePreventionDto): Promise<PreventionDashboardDto> {
    return this.db.transaction(async (manager) => {
      // Locked by the id asked for: the one lookup below (inside the lock, so it reads the last writer's row) answers
      // 404 for a report that is not the caller's.
      await holdTransactionLock(manager, `report-data:${reportId}`);
      const { report, data } = await this.completed(auth, reportId, 'report.write');
      const next = rederiveReport(data, { style: options.feedbackStyle ?? report.feedbackStyle, platform: options.platform });
      await this.data.write(report.id, next);
      const summary = summaryOf(next);
      await this.reports.update(report.id, summary, manager);
      return this.toDashboard({ ...report, ...summary } as Report, next);
    });
  }

  async dashboard(auth: RequestAuth, reportId: string): Promise<PreventionDashboardDto> {
    const { report, data } = await this.completed(auth, reportId, 'report.manage');
    return this.toDashboard(report, data);
  }

  async analytics(auth: RequestAuth, reportId: string): Promise<PreventionAnalytics> {
    return (await this.completed(auth, reportId, 'report.manage')).data.prevention_analytics;
  }

  async metrics(userId: string): Promise<PreventionMetricsDto> {
    const row = await this.reports.totalsOf(userId);
    const round = (v: string | number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
    return {
      reportsAnalyzed: Number(row.analyzed),
      reportsProcessing: Number(row.processing),
      averageViralRisk: round(row.risk),
      averageDropOffRate: round(row.dropOff),
      averageWatchTimeLoss: round(row.watchLoss),
      totalIssues: Number(row.issues),
      totalPreventionROI: round(row.roi) ?? 0,
    };
  }

  async insights(userId: string): Promise<PreventionInsightsDto> {
    const categories = await this.reports.issueCategoryCounts(userId);
    const trend = await this.reports.riskTrend(userId, 50);
    const points = trend
      .filter((r) => r.viralRiskScore !== null)
      .map((r) => ({ reportId: r.id, filename: r.originalFilename, createdAt: r.createdAt.toISOString(), viralRiskScore: r.viralRiskScore! }));
    let riskChange: number | null = null;
    if (points.length >= 2) {
      const earlier = points.slice(0, -1);
      const average = earlier.reduce((sum, p) => sum + p.viralRiskScore, 0) / earlier.length;
      riskChange = Math.round((points[points.length - 1].viralRiskScore - average) * 10) / 10;
    }
    return {
      topCategories: categories,
      riskTrend: points,
      riskChange,
      recommendations: categories.slice(0, 3).map((c) => CATEGORY_ADVICE[c.category]).filter((r): r is string => !!r),
    };
  }

  private toDashboard(report: Report, data: AnalysisReport): PreventionDashboardDto {
    const overall = data.overall_score_and_recommendations;
    return {
      reportId: report.id,
      filename: report.originalFilename,
      status: report.status,
      feedbackStyle: data.report_metadata.feedback_style,
      platform: data.report_metadata.platform,
      durationSeconds: data.video_info.duration_seconds,
      overallScore: overall.overall_performance_score,
      optimizationLabel: overall.optimization_label,
      summary: overall.summary,
      analytics: data.prevention_analytics,
      retentionCurve: data.retention_curve,
      dropOffs: data.drop_offs,
      segments: data.segments.map(({ start_s, end_s, rating, score, reasons }) => ({ start_s, end_s, rating, score, reasons })),
    };
  }
}
