import { Module } from '@nestjs/common';
import { AnalysisOutbox } from './analysis-outbox';
import { AnalysisOutboxRepository } from './analysis-outbox.repository';
import { AnalysisQueue } from './analysis-queue.service';
import { ReportDataModule } from '../reports';

@Module({ imports: [ReportDataModule], providers: [AnalysisQueue, AnalysisOutbox, AnalysisOutboxRepository], exports: [AnalysisQueue, AnalysisOutbox] })
export class AnalysisJobsModule {}
