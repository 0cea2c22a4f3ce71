import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalysisJobsModule } from '../analysis-jobs';
import { Report } from '../reports';
import { MaintenanceProcessor } from './maintenance.processor';
import { MaintenanceService } from './maintenance.service';

/** Worker-only: the maintenance queue's processor. */
@Module({
  imports: [TypeOrmModule.forFeature([Report]), AnalysisJobsModule],
  providers: [MaintenanceService, MaintenanceProcessor],
  exports: [MaintenanceService],
})
export class MaintenanceModule {}
