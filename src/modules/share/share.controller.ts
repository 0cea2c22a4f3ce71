import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, KeyScope, NeedsWriteKey, type RequestAuth } from '../auth';
import { CreateShareLinkDto, ManagedShareLinkDto, ShareLinkCreatedDto } from './share.dto';
import { ShareLinksService } from './share-links.service';

/** A creator's share links of their own report (another user's report answers 404, like a missing one). */
@ApiTags('share')
@ApiBearerAuth()
@KeyScope('read')
@Controller('api/prevention/reports/:reportId/share')
export class ShareController {
  constructor(private readonly shareLinks: ShareLinksService) {}

  /** A new read-only link to the report; the token is in this answer only. */
  @Post()
  @NeedsWriteKey()
  @ApiCreatedResponse({ type: ShareLinkCreatedDto })
  @ApiNotFoundResponse({ description: 'No such report of the caller' })
  @ApiConflictResponse({ description: 'The analysis has not finished' })
  createShareLink(
    @Auth() auth: RequestAuth,
    @Param('reportId', ParseUUIDPipe) reportId: string,
    @Body() body: CreateShareLinkDto,
  ): Promise<ShareLinkCreatedDto> {
    return this.shareLinks.create(auth, reportId, body ?? {});
  }

  /**
   * The report's links that still work (not revoked, not expired), newest first, each with how often and when it was
   * last opened and its token for copying it again.
   */
  @Get()
  @ApiOkResponse({ type: [ManagedShareLinkDto] })
  @ApiNotFoundResponse({ description: 'No such report of the caller' })
  listShareLinks(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<ManagedShareLinkDto[]> {
    return this.shareLinks.list(auth, reportId);
  }

  /** Revokes one link: from now on it opens nothing, and frame images signed for it are refused. */
  @Delete(':linkId')
  @NeedsWriteKey()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such report of the caller, or no such active link of it' })
  revokeShareLink(
    @Auth() auth: RequestAuth,
    @Param('reportId', ParseUUIDPipe) reportId: string,
    @Param('linkId', ParseUUIDPipe) linkId: string,
  ): Promise<void> {
    return this.shareLinks.revoke(auth, reportId, linkId);
  }
}
