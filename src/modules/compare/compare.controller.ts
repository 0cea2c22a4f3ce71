import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Comparison } from '@preflight/shared';
import { reportSchemaRef } from '../../report-contract.openapi';
import { CurrentUser } from '../auth/current-user.decorator';
import type { User } from '../users/user.entity';
import { CompareQueryDto } from './compare.dto';
import { CompareService } from './compare.service';

@ApiTags('compare')
@ApiBearerAuth()
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
  async compareCuts(@CurrentUser() user: User, @Query() query: CompareQueryDto): Promise<Comparison> {
    const [a, b] = await this.comparisons.ownedPair(user.id, query.a, query.b);
    return this.comparisons.compare(a, b);
  }
}
