import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UrlSigner } from '../../common/url-signer';
import { ShareCoreModule } from '../share/share-core.module';
import { UsersModule } from '../users/users.module';
import { AnalysisSpeedService } from './analysis-speed.service';
import { CreatorPagesRenderer } from './creator-pages-renderer';
import { ReportAccessService } from './report-access.service';
import { ReportDataModule } from './report-data.module';
import { ReportFilesController } from './report-files.controller';
import { Report } from './report.entity';
import { ReportsController } from './reports.controller';
import { ReportsPublicController } from './reports.public.controller';
import { ReportsService } from './reports.service';
import { SampleReportSeeder } from './sample-report.seeder';
import { SignedReportReader } from './signed-report-data';

@Module({
  imports: [TypeOrmModule.forFeature([Report]), ReportDataModule, UsersModule, ShareCoreModule],
  controllers: [ReportsController, ReportsPublicController, ReportFilesController],
  providers: [ReportsService, AnalysisSpeedService, ReportAccessService, SignedReportReader, UrlSigner, SampleReportSeeder, CreatorPagesRenderer],
  exports: [ReportsService, AnalysisSpeedService, ReportDataModule, ReportAccessService, SignedReportReader, CreatorPagesRenderer],
})
export class ReportsModule {}
