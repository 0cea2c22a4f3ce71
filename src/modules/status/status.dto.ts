import { ApiProperty } from '@nestjs/swagger';
import { PROCESSING_STEPS, REPORT_STATUSES, type ProcessingStep, type Report, type ReportStatus } from '../reports/report.entity';

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

  static from(report: Report): ProcessingStatusDto {
    return {
      reportId: report.id,
      filename: report.originalFilename,
      status: report.status,
      progress: report.progress,
      currentStep: report.currentStep,
      message: report.stepMessage,
      eta: report.eta,
      error: report.error,
    };
  }
}
