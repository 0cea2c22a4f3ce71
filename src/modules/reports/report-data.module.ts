import { Module } from '@nestjs/common';
import { ReportDataStore } from './report-data.store';

/**
 * report.json on its own, for the worker's PDF renderer: reading a report's data without the reports routes (the
 * worker serves no HTTP). ReportsModule imports and re-exports it for the API.
 */
@Module({ providers: [ReportDataStore], exports: [ReportDataStore] })
export class ReportDataModule {}
