import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, KeyScope, type RequestAuth } from '../auth';
import { AnalysisSpeedService, ReportAccess } from '../reports';
import { ProcessingStatusDto } from './status.dto';

@ApiTags('status')
@ApiBearerAuth()
@KeyScope('read')
@Controller('api/status')
export class StatusController {
  constructor(
    private readonly access: ReportAccess,
    private readonly speed: AnalysisSpeedService,
  ) {}

  /** Polled by the upload page every 5 seconds; read from the report row, never from the queue. */
  @Get(':reportId')
  @ApiOkResponse({ type: ProcessingStatusDto })
  @ApiNotFoundResponse({ description: 'No such report for this user' })
  async getStatus(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<ProcessingStatusDto> {
    const { report } = await this.access.requireReport(auth, reportId, 'report.manage');
    return ProcessingStatusDto.from(report, report.status === 'processing' ? await this.speed.secondsPerVideoSecond() : 0);
  }
}
