import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { FEEDBACK_STYLES, ISSUE_CATEGORIES, PLATFORM_CHOICES, REPORT_STATUSES, type FeedbackStyle, type ReportStatus, type DropOff, type PlatformChoice, type RatedSegment, type Report } from '@preflight/shared';
import { reportSchemaRef } from '../../report-contract.openapi';

/** The engine's prevention analytics (docs/product.md, Data shapes), typed and documented from its zod schema. */
export type PreventionAnalytics = Report['prevention_analytics'];

export class PreventionDashboardDto {
  @ApiProperty({ format: 'uuid' }) reportId: string;
  @ApiProperty() filename: string;
  @ApiProperty({ enum: REPORT_STATUSES }) status: ReportStatus;
  @ApiProperty({ enum: FEEDBACK_STYLES }) feedbackStyle: FeedbackStyle;
  @ApiProperty() platform: string;
  @ApiProperty() durationSeconds: number;
  @ApiProperty({ minimum: 0, maximum: 100 }) overallScore: number;
  @ApiProperty() optimizationLabel: string;
  @ApiProperty() summary: string;
  @ApiProperty({ allOf: [reportSchemaRef('PreventionAnalytics')] }) analytics: PreventionAnalytics;
  @ApiProperty({ allOf: [reportSchemaRef('RetentionCurve')] }) retentionCurve: Report['retention_curve'];
  @ApiProperty({ type: 'array', items: reportSchemaRef('DropOff') }) dropOffs: DropOff[];
  @ApiProperty({ type: 'array', items: reportSchemaRef('RatedSegment') }) segments: RatedSegment[];
}

export class AnalyzePreventionDto {
  @ApiPropertyOptional({ enum: FEEDBACK_STYLES, description: 'Re-derive with this feedback style (default: the report’s)' })
  @IsOptional()
  @IsIn(FEEDBACK_STYLES)
  feedbackStyle?: FeedbackStyle;

  @ApiPropertyOptional({ enum: PLATFORM_CHOICES })
  @IsOptional()
  @IsIn(PLATFORM_CHOICES)
  platform?: PlatformChoice;
}

export class PreventionMetricsDto {
  @ApiProperty() reportsAnalyzed: number;
  @ApiProperty() reportsProcessing: number;
  @ApiProperty({ type: Number, nullable: true }) averageViralRisk: number | null;
  @ApiProperty({ type: Number, nullable: true }) averageDropOffRate: number | null;
  @ApiProperty({ type: Number, nullable: true }) averageWatchTimeLoss: number | null;
  @ApiProperty() totalIssues: number;
  @ApiProperty({ description: 'Sum of estimated ROI, £' }) totalPreventionROI: number;
}

export class CategoryCountDto {
  @ApiProperty({ enum: ISSUE_CATEGORIES }) category: string;
  @ApiProperty() count: number;
}

export class RiskTrendPointDto {
  @ApiProperty({ format: 'uuid' }) reportId: string;
  @ApiProperty() filename: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty() viralRiskScore: number;
}

export class PreventionInsightsDto {
  @ApiProperty({ type: [CategoryCountDto], description: 'Most frequent issue categories first' }) topCategories: CategoryCountDto[];
  @ApiProperty({ type: [RiskTrendPointDto], description: 'Viral risk of completed reports, oldest first' }) riskTrend: RiskTrendPointDto[];
  @ApiProperty({ type: Number, nullable: true, description: 'Risk of the latest report minus the average of the ones before' })
  riskChange: number | null;
  @ApiProperty({ type: [String] }) recommendations: string[];
}
