import { ApiProperty } from '@nestjs/swagger';
import { isResuming, RESUMING_MESSAGE } from '../analysis-jobs/resuming';
import { PROCESSING_STEPS, REPORT_STATUSES, type ProcessingStep, type ReportStatus } from '@preflight/shared';
import type { Report } from '../reports/report.entity';

/** Processing status (docs/product.md, Rules › Processing stages). */
export class ProcessingStatusDto {
  @ApiProperty({ format: 'uuid' }) reportId: string;
  @ApiProperty() filename: string;
  @ApiProperty({ enum: REPORT_STATUSES }) status: ReportStatus;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress: number;
  @ApiProperty({ enum: PROCESSING_STEPS }) currentStep: ProcessingStep;
  @ApiProperty({ type: String, nullable: true, description: 'What the current step is doing, for the processing panel' })
  message: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Estimated seconds left' }) eta: number | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({
    description:
      'true while the analysis is being resumed: the worker running it stopped (killed, out of memory) and another takes it over within about 30 s; progress then stands still until the new run catches up',
  })
  resuming: boolean;

  static from(report: Report, now = Date.now()): ProcessingStatusDto {
    const resuming = isResuming(report, now);
    return {
      reportId: report.id,
      filename: report.originalFilename,
      status: report.status,
      progress: report.progress,
      currentStep: report.currentStep,
      message: resuming ? RESUMING_MESSAGE : report.stepMessage,
      eta: report.eta,
      error: report.error,
      resuming,
    };
  }
}
