import { ApiProperty } from '@nestjs/swagger';
import { FEEDBACK_STYLES, PROCESSING_STEPS, REPORT_STATUSES, type FeedbackStyle, type ProcessingStep, type ReportStatus } from '@preflight/shared';
import type { Report } from './report.entity';
import { ANALYSIS_PHASES, PLATFORM_CHOICES, type AnalysisPhase, type PlatformChoice } from '@preflight/shared';
import { processingProgress } from './processing-progress';

const num = { type: Number, nullable: true } as const;

/** A report as the dashboard lists it (docs/product.md, Data shapes) with the summary figures, so the list is one query. */
export class DashboardReportDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() originalFilename: string;
  @ApiProperty({ enum: REPORT_STATUSES }) status: ReportStatus;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress: number;
  @ApiProperty({ enum: PROCESSING_STEPS }) currentStep: ProcessingStep;
  @ApiProperty({ enum: [...ANALYSIS_PHASES, null], nullable: true, description: 'While processing: what the analysis is doing (as GET /api/status says)' })
  phase: AnalysisPhase | null;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100, description: "The phase's own percentage, when it has one" })
  phasePercent: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'While processing: estimated seconds left (as GET /api/status says)' })
  eta: number | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({ enum: FEEDBACK_STYLES }) feedbackStyle: FeedbackStyle;
  @ApiProperty({ enum: PLATFORM_CHOICES, description: 'The target platform chosen at upload (auto: picked from shape and length)' })
  platform: PlatformChoice;
  @ApiProperty(num) durationSeconds: number | null;
  @ApiProperty({ ...num, description: 'Predicted viral risk 0–100 (higher is riskier)' }) viralRiskScore: number | null;
  @ApiProperty({ ...num, description: 'Predicted share of viewers lost by the end, %' }) dropOffLikelihood: number | null;
  @ApiProperty({ ...num, description: 'Predicted watch time lost to the issues found, %' }) watchTimeLoss: number | null;
  @ApiProperty({ ...num, description: 'Estimated value of fixing the issues, £' }) preventionROI: number | null;
  @ApiProperty({ ...num, description: 'Seconds more of each view the fixes are predicted to bring (the report\'s improved − baseline average watch)' })
  watchGainSeconds: number | null;
  @ApiProperty(num) issuesCount: number | null;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'How many share links of this report still open it (the dashboard marks the card)' })
  liveShareLinks: number;

  static from(report: Report, liveShareLinks = 0, secondsPerVideoSecond = Number.NaN): DashboardReportDto {
    return {
      ...processingProgress(report, secondsPerVideoSecond),
      id: report.id,
      originalFilename: report.originalFilename || `${report.id}.mp4`,
      status: report.status,
      created_at: report.createdAt.toISOString(),
      progress: report.progress,
      currentStep: report.currentStep,
      error: report.error,
      feedbackStyle: report.feedbackStyle,
      platform: report.platform,
      durationSeconds: report.durationSeconds,
      viralRiskScore: report.viralRiskScore,
      dropOffLikelihood: report.dropOffLikelihood,
      watchTimeLoss: report.watchTimeLoss,
      preventionROI: report.preventionRoi,
      watchGainSeconds: report.watchGainSeconds,
      issuesCount: report.issuesCount,
      liveShareLinks,
    };
  }
}

export class DashboardReportsPageDto {
  @ApiProperty({ type: [DashboardReportDto] }) reports: DashboardReportDto[];
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty() pageSize: number;
}

/** A report as the dashboard and the analysis page hold it (docs/product.md, Data shapes). */
export class ReportDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() filename: string;
  @ApiProperty({ enum: REPORT_STATUSES }) status: ReportStatus;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty(num) viralRiskScore: number | null;
  @ApiProperty(num) dropOffLikelihood: number | null;
  @ApiProperty(num) watchTimeLoss: number | null;
  @ApiProperty(num) preventionROI: number | null;
  @ApiProperty(num) issuesCount: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Always null: share tokens are stored hashed and shown once, when made (POST /api/prevention/reports/{id}/share)',
  })
  shareToken: string | null;
  @ApiProperty(num) durationSeconds: number | null;
  @ApiProperty({ enum: FEEDBACK_STYLES }) feedbackStyle: FeedbackStyle;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({ description: 'Frame images were removed by the 48-hour retention' }) framesExpired: boolean;

  static from(report: Report): ReportDto {
    return {
      id: report.id,
      filename: report.originalFilename || `${report.id}.mp4`,
      status: report.status,
      createdAt: report.createdAt.toISOString(),
      viralRiskScore: report.viralRiskScore,
      dropOffLikelihood: report.dropOffLikelihood,
      watchTimeLoss: report.watchTimeLoss,
      preventionROI: report.preventionRoi,
      issuesCount: report.issuesCount,
      shareToken: null,
      durationSeconds: report.durationSeconds,
      feedbackStyle: report.feedbackStyle,
      error: report.error,
      framesExpired: report.framesDeletedAt !== null,
    };
  }
}
