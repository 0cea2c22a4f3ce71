import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { MeasuredRetentionView } from '@preflight/shared';
import { reportSchemaRef } from '../../report-contract.openapi';
import { CurrentUser } from '../auth/current-user.decorator';
import type { User } from '../users/user.entity';
import { MeasuredRetentionService } from './measured-retention.service';

/** The measured retention of a creator's own report (another user's report answers 404, like a missing one). */
@ApiTags('measured-retention')
@ApiBearerAuth()
@Controller('api/reports/:reportId/measured-retention')
export class MeasuredRetentionController {
  constructor(private readonly measured: MeasuredRetentionService) {}

  /** Predicted against measured, or `measured: null` when none was added. */
  @Get()
  @ApiOkResponse({ schema: reportSchemaRef('MeasuredRetentionView') })
  @ApiNotFoundResponse({ description: 'No such report of the caller' })
  getMeasuredRetention(@CurrentUser() user: User, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<MeasuredRetentionView> {
    return this.measured.view(user.id, reportId);
  }

  /** Adds (or replaces) the measured curve: a spreadsheet's CSV text, or points as JSON. */
  @Post()
  @HttpCode(200)
  @ApiBody({ schema: reportSchemaRef('MeasuredRetentionBody') })
  @ApiOkResponse({ schema: reportSchemaRef('MeasuredRetentionView') })
  @ApiBadRequestResponse({ description: 'The file or points cannot be read as a retention curve of this video (the message says why and where)' })
  @ApiNotFoundResponse({ description: 'No such report of the caller' })
  @ApiConflictResponse({ description: 'The analysis has not finished' })
  addMeasuredRetention(@CurrentUser() user: User, @Param('reportId', ParseUUIDPipe) reportId: string, @Body() body: unknown): Promise<MeasuredRetentionView> {
    return this.measured.save(user.id, reportId, body);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such report of the caller, or it has no measured retention' })
  deleteMeasuredRetention(@CurrentUser() user: User, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<void> {
    return this.measured.remove(user.id, reportId);
  }
}
