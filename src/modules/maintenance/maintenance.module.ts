import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalysisJobsModule } from '../analysis-jobs/analysis-jobs.module';
import { Report } from '../reports/report.entity';
import { MaintenanceProcessor } from './maintenance.processor';
import { MaintenanceService } from './maintenance.service';

/** Worker-only: the maintenance queue's processor. */
@Module({
  imports: [TypeOrmModule.forFeature([Report]), AnalysisJobsModule],
  providers: [MaintenanceService, MaintenanceProcessor],
  exports: [MaintenanceService],
})
export class MaintenanceModule {}
