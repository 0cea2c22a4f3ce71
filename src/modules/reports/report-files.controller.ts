import { BadRequestException, Controller, ForbiddenException, Get, GoneException, Inject, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiHeader, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import type { ServedReport } from '@preflight/shared';
import { Accepts, Auth, KeysMayRead, Public, type RequestAuth } from '../auth';
import { UrlSigner } from '../../common/url-signer';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { frameKey, framesPrefix } from '../../infra/storage/storage-keys';
import { reportSchemaRef } from '../../report-contract.openapi';
import { ShareService } from './share.service';
import { ReportAccess } from './report-access';
import { REPORT_NOT_FOUND } from './reports.service';
import { SignedReportReader } from './signed-report-data';

const FOLDER = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_data$/i;
const FRAME_FILE = /^[\w-]{1,64}\.jpg$/;
const FRAME_LINK_REFUSED = 'This frame link is invalid or has expired';

function reportIdOf(folder: string): string {
  const match = FOLDER.exec(folder);
  if (!match) throw new NotFoundException(REPORT_NOT_FOUND);
  return match[1].toLowerCase();
}

/**
 * The report file paths (docs/product.md, Endpoints), /reports/{id}_data/report.json and /reports/{id}_data/frames/*, served with access
 * checks: the JSON needs the owner's bearer token (or API key) or a share token, and carries signed, expiring frame
 * URLs, because an <img> cannot send a bearer header.
 */
@ApiTags('reports')
@Controller('reports')
export class ReportFilesController {
  constructor(
    private readonly access: ReportAccess,
    private readonly reader: SignedReportReader,
    private readonly signer: UrlSigner,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly shares: ShareService,
  ) {}

  @Get(':folder/report.json')
  // Nobody at all reads the public sample reports; a share link comes in a header or, from a browser tab, the query.
  @Accepts({ anonymous: true, shareToken: 'header-or-query' })
  @KeysMayRead()
  @ApiHeader({ name: 'X-Share-Token', required: false, description: 'A share token instead of a bearer token' })
  @ApiQuery({ name: 'share', required: false, description: 'A share token instead of a bearer token' })
  @ApiOkResponse({ description: 'The report data file (docs/report-format.md), frame URLs signed', schema: reportSchemaRef('ServedReport') })
  async getReportData(
    @Param('folder') folder: string,
    @Auth() auth: RequestAuth,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ServedReport> {
    const { report, share } = await this.access.requireReport(auth, reportIdOf(folder), 'report.read');
    if (report.status !== 'completed') throw new NotFoundException('Analysis data not available yet');
    res.setHeader('Cache-Control', 'private, no-store');
    return this.reader.read(report, share);
  }

  @Get(':folder/frames/:file')
  // The signed URL is the credential: an <img> sends nothing else.
  @Public()
  @ApiExcludeEndpoint()
  async getFrame(
    @Param('folder') folder: string,
    @Param('file') file: string,
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Query('link') shareLinkId: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const reportId = reportIdOf(folder);
    if (!FRAME_FILE.test(file)) throw new BadRequestException('Bad frame name');
    if (!this.signer.isValid(`/reports/${reportId}_data/frames/${file}`, expires, signature, Date.now(), shareLinkId)) {
      throw new ForbiddenException(FRAME_LINK_REFUSED);
    }
    // A URL signed for a share link dies with the link (revoked or expired), not only when its own expiry passes.
    if (shareLinkId !== undefined && !(await this.shares.isActive(shareLinkId))) throw new ForbiddenException(FRAME_LINK_REFUSED);
    // Streamed from either store, so the signature and share-link checks above stay the only way to a frame.
    const frame = await this.store.getStream(frameKey(reportId, file));
    if (!frame) {
      if (!(await this.store.hasAnyUnder(framesPrefix(reportId)))) throw new GoneException('Frames are deleted 48 hours after analysis');
      throw new NotFoundException('Frame not found');
    }
    res.setHeader('Content-Type', 'image/jpeg');
    res.setHeader('Content-Length', String(frame.size));
    res.setHeader('Last-Modified', frame.modifiedAt.toUTCString());
    res.setHeader('Cache-Control', 'private, max-age=3600');
    await pipeline(frame.stream, res).catch(() => undefined); // the viewer went away: both streams are closed
  }
}
