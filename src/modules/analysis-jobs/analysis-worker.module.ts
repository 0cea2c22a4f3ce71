import { WebhooksCoreModule } from '../webhooks';
import { Module } from '@nestjs/common';
import { MeasuredRetentionDataModule } from '../measured-retention';
import { ReportDataModule } from '../reports';
import { AnalysisProcessor } from './analysis.processor';

/** Worker-only: the analysis queue's processor. */
@Module({
  imports: [ReportDataModule, MeasuredRetentionDataModule, WebhooksCoreModule],
  providers: [AnalysisProcessor],
})
export class AnalysisWorkerModule {}
