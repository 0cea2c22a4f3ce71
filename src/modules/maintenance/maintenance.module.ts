import { Module } from '@nestjs/common';
import { AnalysisJobsModule } from '../analysis-jobs';
import { ReportDataModule } from '../reports';
import { MaintenanceProcessor } from './maintenance.processor';
import { MaintenanceService } from './maintenance.service';

/** Worker-only: the maintenance queue's processor. */
@Module({
  imports: [ReportDataModule, AnalysisJobsModule],
  providers: [MaintenanceService, MaintenanceProcessor],
  exports: [MaintenanceService],
})
export class MaintenanceModule {}
