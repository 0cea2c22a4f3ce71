import { BadRequestException, Controller, ForbiddenException, Get, GoneException, Headers, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiHeader, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Public } from '../../common/auth/public.decorator';
import { UrlSigner } from '../../common/url-signer';
import { StorageService } from '../../infra/storage/storage.service';
import { ReportAccessService } from './report-access.service';
import { ReportDataStore } from './report-data.store';
import { REPORT_NOT_FOUND } from './reports.service';

const FOLDER = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_data$/i;
const FRAME_FILE = /^[\w-]{1,64}\.jpg$/;
/** Long enough for a report left open in a tab; short enough that a leaked link dies soon. */
const FRAME_URL_TTL_S = 6 * 3600;

function reportIdOf(folder: string): string {
  const match = FOLDER.exec(folder);
  if (!match) throw new NotFoundException(REPORT_NOT_FOUND);
  return match[1].toLowerCase();
}

/**
 * The SPEC's static paths, /reports/{id}_data/report.json and /reports/{id}_data/frames/*, served with access
 * checks: the JSON needs the owner's bearer token or a share token, and carries signed, expiring frame URLs,
 * because an <img> cannot send a bearer header.
 */
@ApiTags('reports')
@Public()
@Controller('reports')
export class ReportFilesController {
  constructor(
    private readonly access: ReportAccessService,
    private readonly data: ReportDataStore,
    private readonly signer: UrlSigner,
    private readonly storage: StorageService,
  ) {}

  @Get(':folder/report.json')
  @ApiHeader({ name: 'X-Share-Token', required: false, description: 'A share token instead of a bearer token' })
  @ApiQuery({ name: 'share', required: false, description: 'A share token instead of a bearer token' })
  @ApiOkResponse({ description: 'The report data file (docs/report-format.md), frame URLs signed' })
  async getReportData(
    @Param('folder') folder: string,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-share-token') shareHeader: string | undefined,
    @Query('share') shareQuery: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<unknown> {
    const report = await this.access.resolve(reportIdOf(folder), { authorization, shareToken: shareHeader ?? shareQuery });
    if (report.status !== 'completed' && report.status !== 'ready') throw new NotFoundException('Analysis data not available yet');
    const data = await this.data.read(report.id);
    const sign = (relative: string) => this.signer.sign(`/reports/${report.id}_data/${relative}`, FRAME_URL_TTL_S);
    res.setHeader('Cache-Control', 'private, no-store');
    return {
      ...data,
      detailed_analysis: data.detailed_analysis.map((item) => (item.frame_image_path ? { ...item, thumbnail_url: sign(item.frame_image_path) } : item)),
      predictive_frames: data.predictive_frames.map((frame) => ({ ...frame, thumbnail_url: sign(frame.frame_image_path) })),
      frames: data.frames.map((frame) => ({ ...frame, url: sign(frame.path) })),
      frames_expired: report.framesDeletedAt !== null,
    };
  }

  @Get(':folder/frames/:file')
  @ApiExcludeEndpoint()
  async getFrame(
    @Param('folder') folder: string,
    @Param('file') file: string,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const reportId = reportIdOf(folder);
    if (!FRAME_FILE.test(file)) throw new BadRequestException('Bad frame name');
    if (!this.signer.isValid(`/reports/${reportId}_data/frames/${file}`, expires, signature)) {
      throw new ForbiddenException('This frame link is invalid or has expired');
    }
    const path = join(this.storage.framesDir(reportId), file);
    if (!existsSync(path)) {
      if (!existsSync(this.storage.framesDir(reportId))) throw new GoneException('Frames are deleted 48 hours after analysis');
      throw new NotFoundException('Frame not found');
    }
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.sendFile(path);
  }
}
