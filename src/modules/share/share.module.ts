import { WebhooksCoreModule } from '../webhooks';
import { Module } from '@nestjs/common';
import { MeasuredRetentionModule } from '../measured-retention';
import { ReportsModule, ReportAccessModule } from '../reports';
import { ShareLinksService } from './share-links.service';
import { ShareController } from './share.controller';
import { SharePublicController } from './share.public.controller';

/** Share routes: creators make, list and revoke links; link holders read the report. */
@Module({
  imports: [ReportsModule, ReportAccessModule, WebhooksCoreModule, MeasuredRetentionModule],
  controllers: [ShareController, SharePublicController],
  providers: [ShareLinksService],
  exports: [ShareLinksService],
})
export class ShareModule {}
