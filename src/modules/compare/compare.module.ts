import { Module } from '@nestjs/common';
import { ReportsModule, ReportAccessModule } from '../reports';
import { CompareController, ComparePublicController } from './compare.controller';
import { CompareService } from './compare.service';

@Module({
  imports: [ReportsModule, ReportAccessModule],
  controllers: [CompareController, ComparePublicController],
  providers: [CompareService],
  exports: [CompareService],
})
export class CompareModule {}
