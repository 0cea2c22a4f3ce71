import { Controller, Get, Param, ParseUUIDPipe, Query, Res, StreamableFile, UnprocessableEntityException } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import { buildMarkerFile } from '@preflight/shared';
import type { Response } from 'express';
import { Auth, KeyScope, type RequestAuth } from '../auth';
import { contentDisposition } from '../pdf';
import { ReportAccess, ReportDataStore, assertAnalysisFinished } from '../reports';
import { MarkersQueryDto } from './markers.dto';

/**
 * The report's issues and predicted drop-offs as markers for an editor (docs/product.md, Markers for editors). The
 * owner's only: a share link shows a read-only report, and these are the creator's working files.
 */
@ApiTags('reports')
@ApiBearerAuth()
@KeyScope('read')
@Controller('api/reports')
export class MarkersController {
  constructor(
    private readonly access: ReportAccess,
    private readonly data: ReportDataStore,
  ) {}

  @Get(':reportId/markers')
  @ApiProduces('application/xml', 'text/plain')
  @ApiOkResponse({ description: 'The marker file, as an attachment named after the video', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No such report for this user' })
  @ApiConflictResponse({ description: 'The analysis is still running, or it failed' })
  @ApiUnprocessableEntityResponse({ description: 'YouTube chapters only: the video is under 30 s, too short for valid chapters; the message says so' })
  async getReportMarkers(
    @Auth() auth: RequestAuth,
    @Param('reportId', ParseUUIDPipe) reportId: string,
    @Query() query: MarkersQueryDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { report } = await this.access.requireReport(auth, reportId, 'report.markers');
    assertAnalysisFinished(report);
    const file = buildMarkerFile(await this.data.read(report.id), query.format);
    if (!file.ok) throw new UnprocessableEntityException(file.reason);
    res.setHeader('Cache-Control', 'private, no-store');
    const body = Buffer.from(file.body, 'utf8');
    return new StreamableFile(body, { type: file.contentType, length: body.length, disposition: contentDisposition(file.filename) });
  }
}
