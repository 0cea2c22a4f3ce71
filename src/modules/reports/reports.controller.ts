import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, CurrentUser, KeyScope, type RequestAuth } from '../auth';
import type { User } from '../users';
import { PaginationQueryDto } from './pagination.dto';
import { DashboardReportDto, DashboardReportsPageDto, ReportDto } from './report.dto';
import { AnalysisSpeedService } from './analysis-speed.service';
import { ReportAccess } from './report-access';
import { ReportsService } from './reports.service';
import { ShareService } from './share.service';

@ApiTags('reports')
@ApiBearerAuth()
@KeyScope('read')
@Controller('api')
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly shares: ShareService,
    private readonly speed: AnalysisSpeedService,
    private readonly access: ReportAccess,
  ) {}

  /** The caller's reports, newest first, each with how many live share links it has. */
  @Get('dashboard/reports')
  @ApiOkResponse({ type: DashboardReportsPageDto })
  async listDashboardReports(@CurrentUser() user: User, @Query() query: PaginationQueryDto): Promise<DashboardReportsPageDto> {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 50;
    const { reports, total } = await this.reports.listOwned(user.id, page, pageSize);
    const live = await this.shares.liveCounts(reports.map((r) => r.id));
    const speed = reports.some((r) => r.status === 'processing') ? await this.speed.secondsPerVideoSecond() : Number.NaN;
    return { reports: reports.map((r) => DashboardReportDto.from(r, live.get(r.id) ?? 0, speed)), total, page, pageSize };
  }

  @Get('reports/:reportId')
  @ApiOkResponse({ type: ReportDto })
  @ApiNotFoundResponse({ description: 'No such report for this user' })
  async getReport(@Auth() auth: RequestAuth, @Param('reportId', ParseUUIDPipe) reportId: string): Promise<ReportDto> {
    return ReportDto.from((await this.access.requireReport(auth, reportId, 'report.manage')).report);
  }
}
