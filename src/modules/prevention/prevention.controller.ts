import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, CurrentUser, KeyScope, NeedsWriteKey, type RequestAuth } from '../auth';
import type { User } from '../users';
import {
  AnalyzePreventionDto,
  type PreventionAnalytics,
  PreventionDashboardDto,
  PreventionInsightsDto,
  PreventionMetricsDto,
} from './prevention.dto';
import { reportSchemaRef } from '../../report-contract.openapi';
import { PreventionService } from './prevention.service';

/** PreventionService answers 409 for a report without analysis data yet. */
const NOT_FINISHED = 'The analysis is still running, or it failed';

@ApiTags('prevention')
@ApiBearerAuth()
@KeyScope('read')
@Controller('api/prevention')
export class PreventionController {
  constructor(private readonly prevention: PreventionService) {}

  /** Re-derives issues and analytics from the stored signals (another feedback style, or newer rules); no decoding. */
  @Post('analyze/:reportId')
  @NeedsWriteKey()
  @HttpCode(200)
  @ApiOkResponse({ type: PreventionDashboardDto })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: NOT_FINISHED })
  analyzePrevention(
    @Auth() auth: RequestAuth,
    @Param('reportId', ParseUUIDPipe) reportId: string,
    @Body() body: AnalyzePreventionDto,
  ): Promise<PreventionDashboardDto> {
    return this.prevention.analyze(auth, reportId, body ?? {});
  }

  @Get('dashboard/:reportId')
  @ApiOkResponse({ type: PreventionDashboardDto })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: NOT_FINISHED })
  getPreventionDashboard(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<PreventionDashboardDto> {
    return this.prevention.dashboard(auth, reportId);
  }

  @Get('analytics/:reportId')
  @ApiOkResponse({ schema: reportSchemaRef('PreventionAnalytics') })
  @ApiNotFoundResponse()
  @ApiConflictResponse({ description: NOT_FINISHED })
  getPreventionAnalytics(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<PreventionAnalytics> {
    return this.prevention.analytics(auth, reportId);
  }

  @Get('metrics')
  @ApiOkResponse({ type: PreventionMetricsDto })
  getPreventionMetrics(@CurrentUser() user: User): Promise<PreventionMetricsDto> {
    return this.prevention.metrics(user.id);
  }

  @Get('insights')
  @ApiOkResponse({ type: PreventionInsightsDto })
  getPreventionInsights(@CurrentUser() user: User): Promise<PreventionInsightsDto> {
    return this.prevention.insights(user.id);
  }
}
