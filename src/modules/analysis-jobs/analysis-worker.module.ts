import { WebhooksCoreModule } from '../webhooks';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorCalibrationService, MeasuredRetention } from '../measured-retention';
import { ReportDataModule, Report } from '../reports';
import { AnalysisProcessor } from './analysis.processor';

/** Worker-only: the analysis queue's processor. */
@Module({
  imports: [TypeOrmModule.forFeature([Report, MeasuredRetention]), ReportDataModule, WebhooksCoreModule],
  providers: [AnalysisProcessor, CreatorCalibrationService],
})
export class AnalysisWorkerModule {}
