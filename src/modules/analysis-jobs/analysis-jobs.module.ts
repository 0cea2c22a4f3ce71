import { Module } from '@nestjs/common';
import { AnalysisQueue } from './analysis-queue.service';

@Module({ providers: [AnalysisQueue], exports: [AnalysisQueue] })
export class AnalysisJobsModule {}
