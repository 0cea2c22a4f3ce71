import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Comparison } from '@preflight/shared';
import { reportSchemaRef } from '../../report-contract.openapi';
import { Auth, Public, KeyScope, NeedsWriteKey, type RequestAuth } from '../auth';
import { ManagedShareLinkDto, ShareLinkCreatedDto } from '../share';
import { CompareQueryDto, CreateCompareShareDto, SharedComparisonDto } from './compare.dto';
import { CompareService } from './compare.service';

@ApiTags('compare')
@ApiBearerAuth()
@KeyScope('read')
@Controller('api/compare')
export class CompareController {
  constructor(private readonly comparisons: CompareService) {}

  /**
   * Two cuts of one video side by side: aligned by content, both predicted retention curves on the aligned timeline,
   * issues fixed / new / remaining, where each cut holds viewers better, and which one to post.
   */
  @Get()
  @ApiOkResponse({ schema: reportSchemaRef('Comparison') })
  @ApiBadRequestResponse({ description: 'a or b is not a report id, or both are the same report' })
  @ApiNotFoundResponse({ description: 'Either report is not one of yours' })
  @ApiConflictResponse({ description: 'Either analysis has not finished, or it failed' })
  async compareCuts(@Auth() auth: RequestAuth, @Query() query: CompareQueryDto): Promise<Comparison> {
    const [a, b] = await this.comparisons.ownedPair(auth, query.a, query.b);
    return this.comparisons.compare(a, b);
  }

  /** A read-only link to this comparison for anyone who holds it (no sign-in); it opens neither report on its own. */
  @Post('share')
  @NeedsWriteKey()
  @ApiCreatedResponse({ type: ShareLinkCreatedDto })
  @ApiBadRequestResponse({ description: 'Bad ids or settings, or the same report twice' })
  @ApiNotFoundResponse({ description: 'Either report is not one of yours' })
  @ApiConflictResponse({ description: 'Either analysis has not finished, or it failed' })
  createComparisonShareLink(@Auth() auth: RequestAuth, @Body() body: CreateCompareShareDto): Promise<ShareLinkCreatedDto> {
    return this.comparisons.createShare(auth, body.a, body.b, body.share_settings);
  }

  /**
   * The comparison's links that still work (not revoked, not expired), whichever cut was A when each was made, newest
   * first, each with how often and when it was last opened and its token for copying it again.
   */
  @Get('share')
  @ApiOkResponse({ type: [ManagedShareLinkDto] })
  @ApiBadRequestResponse({ description: 'a or b is not a report id, or both are the same report' })
  @ApiNotFoundResponse({ description: 'Either report is not one of yours' })
  listComparisonShareLinks(@Auth() auth: RequestAuth, @Query() query: CompareQueryDto): Promise<ManagedShareLinkDto[]> {
    return this.comparisons.listShares(auth, query.a, query.b);
  }

  /** Revokes one link of the comparison: from now on it opens nothing. */
  @Delete('share/:linkId')
  @NeedsWriteKey()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiBadRequestResponse({ description: 'a or b is not a report id, or both are the same report' })
  @ApiNotFoundResponse({ description: 'Either report is not one of yours, or no such active link of this comparison' })
  revokeComparisonShareLink(@Auth() auth: RequestAuth, @Query() query: CompareQueryDto, @Param('linkId', ParseUUIDPipe) linkId: string): Promise<void> {
    return this.comparisons.revokeShare(auth, query.a, query.b, linkId);
  }
}

@ApiTags('compare')
@Public()
@Controller('public/compare/share')
export class ComparePublicController {
  constructor(private readonly comparisons: CompareService) {}

  /** A shared comparison, for anyone holding a live link (no sign-in). */
  @Get(':token')
  @ApiOkResponse({ type: SharedComparisonDto })
  @ApiNotFoundResponse({ description: 'Unknown, revoked or expired link, or a report that is gone' })
  getSharedComparison(@Param('token') token: string): Promise<SharedComparisonDto> {
    return this.comparisons.openShared(token);
  }
}
