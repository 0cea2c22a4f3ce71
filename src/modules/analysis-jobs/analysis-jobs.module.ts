import { Module } from '@nestjs/common';
import { AnalysisOutbox } from './analysis-outbox';
import { AnalysisQueue } from './analysis-queue.service';
import { CreatorsLineRepository } from './creators-line.repository';

@Module({ providers: [AnalysisQueue, AnalysisOutbox, CreatorsLineRepository], exports: [AnalysisQueue, AnalysisOutbox] })
export class AnalysisJobsModule {}
