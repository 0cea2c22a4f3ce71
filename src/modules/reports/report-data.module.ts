import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReportDataStore } from './report-data.store';
import { Report } from './report.entity';
import { ReportsRepository } from './reports.repository';

/**
 * A report's row (ReportsRepository) and its report.json (ReportDataStore), without the reports routes: what the
 * worker (which serves no HTTP) and the other modules use. ReportsModule imports and re-exports it for the API.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Report])],
  providers: [ReportDataStore, ReportsRepository],
  exports: [ReportDataStore, ReportsRepository],
})
export class ReportDataModule {}
