import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UrlSigner } from '../../common/url-signer';
import { ReportAccessModule } from './report-access.module';
import { UsersModule } from '../users';
import { AnalysisSpeedService } from './analysis-speed.service';
import { ReportDataModule } from './report-data.module';
import { ReportFilesController } from './report-files.controller';
import { Report } from './report.entity';
import { ReportsController } from './reports.controller';
import { ReportsPublicController } from './reports.public.controller';
import { ReportsService } from './reports.service';
import { SampleReportSeeder } from './sample-report.seeder';
import { SignedReportReader } from './signed-report-data';

@Module({
  imports: [TypeOrmModule.forFeature([Report]), ReportDataModule, UsersModule, ReportAccessModule],
  controllers: [ReportsController, ReportsPublicController, ReportFilesController],
  providers: [ReportsService, AnalysisSpeedService, SignedReportReader, UrlSigner, SampleReportSeeder],
  exports: [ReportsService, AnalysisSpeedService, ReportDataModule, ReportAccessModule, SignedReportReader],
})
export class ReportsModule {}
