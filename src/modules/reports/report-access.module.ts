import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ShareGrants } from '../auth';
import { Report } from './report.entity';
import { ReportAccess } from './report-access';
import { ShareLink } from './share-link.entity';
import { ShareService } from './share.service';

/**
 * Who may use a report (ReportAccess: owner, share link, sample) and the share links table. One unit that the reports,
 * share, compare and PDF modules all use, so none of them needs another's. Global, because the auth guard reads share
 * tokens through it (ShareGrants) without the auth module importing this one.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Report, ShareLink])],
  providers: [ReportAccess, ShareService, { provide: ShareGrants, useExisting: ShareService }],
  exports: [ReportAccess, ShareService, ShareGrants],
})
export class ReportAccessModule {}
