import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Report } from '../reports/report.entity';
import { AnalysisProcessor } from './analysis.processor';

/** Worker-only: the analysis queue's processor. */
@Module({
  imports: [TypeOrmModule.forFeature([Report])],
  providers: [AnalysisProcessor],
})
export class AnalysisWorkerModule {}
