import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';
import { SharedReportDto } from './share.dto';
import { SHARED_REPORT_UNAVAILABLE, ShareLinksService } from './share-links.service';

/** The shared report, for anyone holding a live link: no account needed. */
@ApiTags('share')
@Public()
@Controller('public/prevention/share')
export class SharePublicController {
  constructor(private readonly shareLinks: ShareLinksService) {}

  @Get(':token')
  @ApiOkResponse({ type: SharedReportDto })
  @ApiNotFoundResponse({ description: `Unknown, revoked or expired link, all alike: "${SHARED_REPORT_UNAVAILABLE}"` })
  async getSharedReport(@Param('token') token: string): Promise<SharedReportDto> {
    // The link's id stays on the server: the answer is the documented shape.
    const { link_id: _linkId, ...shared } = await this.shareLinks.openSharedCounted(token);
    return shared;
  }
}
