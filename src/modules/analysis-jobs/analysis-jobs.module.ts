import { Module } from '@nestjs/common';
import { AnalysisOutbox } from './analysis-outbox';
import { AnalysisQueue } from './analysis-queue.service';
import { ReportDataModule } from '../reports';

@Module({ imports: [ReportDataModule], providers: [AnalysisQueue, AnalysisOutbox], exports: [AnalysisQueue, AnalysisOutbox] })
export class AnalysisJobsModule {}
