import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';
import { DashboardReportDto } from './report.dto';
import { ReportsService } from './reports.service';

@ApiTags('reports')
@Public()
@Controller('public/dashboard')
export class ReportsPublicController {
  constructor(private readonly reports: ReportsService) {}

  /** The public sample reports only; never a user's report. */
  @Get('reports')
  @ApiOkResponse({ type: [DashboardReportDto] })
  async listPublicReports(): Promise<DashboardReportDto[]> {
    return (await this.reports.listSamples()).map((report) => DashboardReportDto.from(report));
  }
}
