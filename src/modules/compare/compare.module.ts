import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports/reports.module';
import { ReportAccessModule } from '../report-access/report-access.module';
import { CompareController, ComparePublicController } from './compare.controller';
import { CompareService } from './compare.service';

@Module({
  imports: [ReportsModule, ReportAccessModule],
  controllers: [CompareController, ComparePublicController],
  providers: [CompareService],
  exports: [CompareService],
})
export class CompareModule {}
