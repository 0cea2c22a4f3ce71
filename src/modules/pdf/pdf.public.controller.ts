import { Controller, Get, Header, HttpCode, Param, ParseUUIDPipe, Post, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Accepts, API_KEY_SECURITY, Auth, KeysMayRead, type RequestAuth } from '../auth';
import { PdfGenerateResponseDto } from './pdf.dto';
import { PdfService } from './pdf.service';

const SHARE_HEADER = { name: 'X-Share-Token', required: false, description: 'A share token that allows downloads, instead of a bearer token' };

/**
 * "public" (docs/product.md, Endpoints) = no account needed, but the caller must hold the owner's bearer token or a share token
 * with downloads allowed; with only a report id the answer is 404.
 */
@ApiTags('pdf')
// The bearer token is optional (security: bearer or nothing): a share token in X-Share-Token, or nothing for a sample
// report, also works. The document said bearer was required.
@ApiBearerAuth()
@ApiSecurity(API_KEY_SECURITY)
@ApiSecurity({})
// The auth guard reads all three, with its lockout; nobody at all still reaches a sample report (404 for the rest).
@Accepts({ anonymous: true, shareToken: 'header' })
@KeysMayRead()
@Controller('public/prevention/pdf')
export class PdfPublicController {
  constructor(private readonly pdfs: PdfService) {}

  /** Renders the report's PDF (or finds it cached) and answers its id. */
  @Post(':reportId')
  @HttpCode(200)
  @ApiHeader(SHARE_HEADER)
  @ApiOkResponse({ type: PdfGenerateResponseDto })
  @ApiNotFoundResponse({ description: 'No such report, or no owner or share token for it' })
  @ApiConflictResponse({ description: 'The analysis has not finished' })
  async generatePdf(
    @Param('reportId', ParseUUIDPipe) reportId: string,
    @Auth() auth: RequestAuth,
  ): Promise<PdfGenerateResponseDto> {
    const report = await this.pdfs.authorize(auth, reportId);
    return { id: (await this.pdfs.ensure(report)).key };
  }

  /** The PDF itself, saved as optimization-report-{filename without extension}.pdf. */
  @Get(':reportId')
  @ApiHeader(SHARE_HEADER)
  @ApiProduces('application/pdf')
  // Private to its holder: no shared cache keeps a copy.
  @Header('Cache-Control', 'private, no-store')
  @ApiOkResponse({ description: 'The optimization report as a PDF', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No such report, or no owner or share token for it' })
  async downloadPdf(
    @Param('reportId', ParseUUIDPipe) reportId: string,
    @Auth() auth: RequestAuth,
  ): Promise<StreamableFile> {
    const report = await this.pdfs.authorize(auth, reportId);
    return this.pdfs.download(report);
  }
}
