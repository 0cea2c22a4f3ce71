import { WebhooksCoreModule } from '../webhooks/webhooks-core.module';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CreatorCalibrationService } from '../measured-retention/creator-calibration.service';
import { MeasuredRetention } from '../measured-retention/measured-retention.entity';
import { ReportDataModule } from '../reports/report-data.module';
import { Report } from '../reports/report.entity';
import { AnalysisProcessor } from './analysis.processor';

/** Worker-only: the analysis queue's processor. */
@Module({
  imports: [TypeOrmModule.forFeature([Report, MeasuredRetention]), ReportDataModule, WebhooksCoreModule],
  providers: [AnalysisProcessor, CreatorCalibrationService],
})
export class AnalysisWorkerModule {}
