import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports/reports.module';
import { ShareCoreModule } from '../share/share-core.module';
import { CompareController, ComparePublicController } from './compare.controller';
import { CompareService } from './compare.service';

@Module({
  imports: [ReportsModule, ShareCoreModule],
  controllers: [CompareController, ComparePublicController],
  providers: [CompareService],
  exports: [CompareService],
})
export class CompareModule {}
