import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, KeyScope } from '../auth';
import { AnalysisSpeedService, ReportsService } from '../reports';
import type { User } from '../users';
import { ProcessingStatusDto } from './status.dto';

@ApiTags('status')
@ApiBearerAuth()
@KeyScope('read')
@Controller('api/status')
export class StatusController {
  constructor(
    private readonly reports: ReportsService,
    private readonly speed: AnalysisSpeedService,
  ) {}

  /** Polled by the upload page every 5 seconds; read from the report row, never from the queue. */
  @Get(':reportId')
  @ApiOkResponse({ type: ProcessingStatusDto })
  @ApiNotFoundResponse({ description: 'No such report for this user' })
  async getStatus(@CurrentUser() user: User, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<ProcessingStatusDto> {
    const report = await this.reports.findOwned(user.id, reportId);
    return ProcessingStatusDto.from(report, report.status === 'processing' ? await this.speed.secondsPerVideoSecond() : 0);
  }
}
