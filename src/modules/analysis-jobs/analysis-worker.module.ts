import { WebhooksCoreModule } from '../webhooks/webhooks-core.module';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Report } from '../reports/report.entity';
import { AnalysisProcessor } from './analysis.processor';

/** Worker-only: the analysis queue's processor. */
@Module({
  imports: [TypeOrmModule.forFeature([Report]), WebhooksCoreModule],
  providers: [AnalysisProcessor],
})
export class AnalysisWorkerModule {}
