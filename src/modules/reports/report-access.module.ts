import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Report } from './report.entity';
import { UsersModule } from '../users';
import { ReportAccessService } from './report-access.service';
import { ShareLink } from './share-link.entity';
import { ShareService } from './share.service';

/**
 * Who may read a report: its owner (bearer token or API key), the holder of a live share link, anyone for the sample
 * reports. One unit that the reports, share, compare and PDF modules all use, so none of them needs another's.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Report, ShareLink]), UsersModule],
  providers: [ReportAccessService, ShareService],
  exports: [ReportAccessService, ShareService],
})
export class ReportAccessModule {}
