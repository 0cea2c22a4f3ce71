import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { ISSUE_CATEGORIES, PLATFORM_CHOICES, type PlatformChoice } from '@preflight/shared';
import { FEEDBACK_STYLES, REPORT_STATUSES, type FeedbackStyle, type ReportStatus } from '../reports/report.entity';

export class PreventionIssueDto {
  @ApiProperty() id: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty() fix: string;
  @ApiProperty({ enum: ['high', 'medium', 'low'] }) severity: 'high' | 'medium' | 'low';
  @ApiProperty({ enum: ISSUE_CATEGORIES }) category: (typeof ISSUE_CATEGORIES)[number];
  @ApiProperty({ example: '0:07', description: 'm:ss' }) timestamp: string;
  @ApiProperty({ minimum: 0, maximum: 100 }) impactScore: number;
  @ApiProperty({ description: 'The measured fact behind the issue' }) evidence: string;
  @ApiProperty() timestamp_seconds: number;
}

export class PreventionRoiDto {
  @ApiProperty({ description: 'Estimated value of fixing the issues, £' }) total_roi: number;
  @ApiProperty() currency: string;
  @ApiProperty() predicted_watch_time_gain_percent: number;
  @ApiProperty() baseline_avg_watch_s: number;
  @ApiProperty() improved_avg_watch_s: number;
  @ApiProperty({ type: [String] }) assumptions: string[];
}

/** SPEC section 3, Prevention analytics. All figures are model predictions. */
export class PreventionAnalyticsDto {
  @ApiProperty({ minimum: 0, maximum: 100 }) viral_risk_score: number;
  @ApiProperty({ minimum: 0, maximum: 100 }) predicted_drop_off_rate: number;
  @ApiProperty({ minimum: 0, maximum: 100 }) predicted_watch_time_loss: number;
  @ApiProperty({ type: PreventionRoiDto }) prevention_roi: PreventionRoiDto;
  @ApiProperty({ type: [PreventionIssueDto] }) prevention_fixes: PreventionIssueDto[];
}

export class RetentionPointDto {
  @ApiProperty() t_s: number;
  @ApiProperty() retention_pct: number;
}

export class RetentionCurveDto {
  @ApiProperty({ description: 'Always true: the curve is predicted, not measured' }) predicted: boolean;
  @ApiProperty() label: string;
  @ApiProperty({ type: [RetentionPointDto] }) points: RetentionPointDto[];
}

export class DropOffDto {
  @ApiProperty() time_s: number;
  @ApiProperty() timestamp: string;
  @ApiProperty() peak_s: number;
  @ApiProperty({ description: 'Percentage points of viewers predicted to leave here' }) predicted_loss: number;
  @ApiProperty() cause: string;
  @ApiProperty() cause_code: string;
}

export class RatedSegmentDto {
  @ApiProperty() start_s: number;
  @ApiProperty() end_s: number;
  @ApiProperty({ enum: ['engaging', 'neutral', 'flat'] }) rating: 'engaging' | 'neutral' | 'flat';
  @ApiProperty() score: number;
  @ApiProperty({ type: [String] }) reasons: string[];
}

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
  @ApiProperty({ type: PreventionAnalyticsDto }) analytics: PreventionAnalyticsDto;
  @ApiProperty({ type: RetentionCurveDto }) retentionCurve: RetentionCurveDto;
  @ApiProperty({ type: [DropOffDto] }) dropOffs: DropOffDto[];
  @ApiProperty({ type: [RatedSegmentDto] }) segments: RatedSegmentDto[];
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
