import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiProperty, ApiBearerAuth, ApiBody, ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { MeasuredRetentionView } from '@preflight/shared';
import { MIN_VIDEOS } from '../../analysis/model/calibration';
import { FreeText } from '../../common/control-characters';
import { reportSchemaRef } from '../../report-contract.openapi';
import { Auth, CurrentUser, type RequestAuth } from '../auth';
import type { User } from '../users';
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
  getMeasuredRetention(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<MeasuredRetentionView> {
    return this.measured.view(auth, reportId);
  }

  /** Adds (or replaces) the measured curve: a spreadsheet's CSV text, or points as JSON. */
  @Post()
  @HttpCode(200)
  // A spreadsheet's text: its rows end in line breaks, and a tab-separated export is CSV's twin.
  @FreeText('csv')
  @ApiBody({ schema: reportSchemaRef('MeasuredRetentionBody') })
  @ApiOkResponse({ schema: reportSchemaRef('MeasuredRetentionView') })
  @ApiBadRequestResponse({ description: 'The file or points cannot be read as a retention curve of this video (the message says why and where)' })
  @ApiNotFoundResponse({ description: 'No such report of the caller' })
  @ApiConflictResponse({ description: 'The analysis has not finished' })
  addMeasuredRetention(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string, @Body() body: unknown): Promise<MeasuredRetentionView> {
    return this.measured.save(auth, reportId, body);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ApiNotFoundResponse({ description: 'No such report of the caller, or it has no measured retention' })
  deleteMeasuredRetention(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<void> {
    return this.measured.remove(auth, reportId);
  }
}

class CalibrationProgressDto {
  @ApiProperty({ description: "The caller's reports with a measured curve" }) measured_videos: number;
  @ApiProperty({ description: 'Measured videos the calibration needs before it applies' }) needed: number;
}

/** How far the creator is from a calibrated model (the report's "Add measured retention" area says it). */
@ApiTags('measured-retention')
@ApiBearerAuth()
@Controller('api/measured-retention')
export class CalibrationProgressController {
  constructor(private readonly measured: MeasuredRetentionService) {}

  @Get('progress')
  @ApiOkResponse({ type: CalibrationProgressDto })
  async getCalibrationProgress(@CurrentUser() user: User): Promise<CalibrationProgressDto> {
    return { measured_videos: await this.measured.measuredCount(user.id), needed: MIN_VIDEOS };
  }
}
