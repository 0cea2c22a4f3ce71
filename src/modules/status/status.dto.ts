import { ApiProperty } from '@nestjs/swagger';
import { ANALYSIS_PHASES, type AnalysisPhase } from '@preflight/shared';
import { isResuming, RESUMING_MESSAGE } from '../analysis-jobs';
import { processingProgress } from '../reports';
import type { Report } from '../reports';
import { PROCESSING_STEPS, REPORT_STATUSES, type ProcessingStep, type ReportStatus } from '@preflight/shared';

/** Processing status (docs/product.md, Rules › Processing stages). */
export class ProcessingStatusDto {
  @ApiProperty({ format: 'uuid' }) reportId: string;
  @ApiProperty() filename: string;
  @ApiProperty({ enum: REPORT_STATUSES }) status: ReportStatus;
  @ApiProperty({ minimum: 0, maximum: 100 }) progress: number;
  @ApiProperty({ enum: PROCESSING_STEPS }) currentStep: ProcessingStep;
  @ApiProperty({ type: String, nullable: true, description: 'What the current step is doing, for the processing panel' })
  message: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "Estimated seconds left: the video's duration × this server's measured seconds of processing per second of video (its latest completed analyses), for the part still to do",
  })
  eta: number | null;
  @ApiProperty({
    enum: [...ANALYSIS_PHASES, null],
    nullable: true,
    description: 'What the analysis is doing within its step, in order: received (waiting for a worker), decoding, analysing, rendering (frames); null once ended',
  })
  phase: AnalysisPhase | null;
  @ApiProperty({ type: Number, nullable: true, minimum: 0, maximum: 100, description: "The phase's own percentage (decoding, rendering); null when the phase cannot tell" })
  phasePercent: number | null;
  @ApiProperty({ type: String, nullable: true }) error: string | null;
  @ApiProperty({
    description:
      'true while the analysis is being resumed: the worker running it stopped (killed, out of memory) and another takes it over within about 30 s; progress then stands still until the new run catches up',
  })
  resuming: boolean;

  static from(report: Report, secondsPerVideoSecond: number, now = Date.now()): ProcessingStatusDto {
    const resuming = isResuming(report, now);
    const { phase, phasePercent, eta } = processingProgress(report, secondsPerVideoSecond, resuming);
    return {
      reportId: report.id,
      filename: report.originalFilename,
      status: report.status,
      progress: report.progress,
      currentStep: report.currentStep,
      message: resuming ? RESUMING_MESSAGE : report.stepMessage,
      eta,
      phase,
      phasePercent,
      error: report.error,
      resuming,
    };
  }
}
