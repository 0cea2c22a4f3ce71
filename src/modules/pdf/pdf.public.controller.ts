import { Controller, Get, Headers, HttpCode, Inject, InternalServerErrorException, Param, ParseUUIDPipe, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { API_KEY_SECURITY } from '../auth/key-scope.decorator';
import { Public } from '../auth/public.decorator';
import { contentDisposition } from './content-disposition';
import { PdfGenerateResponseDto } from './pdf.dto';
import { PDF_FAILED, pdfFilename, PdfService } from './pdf.service';

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
@Public()
@Controller('public/prevention/pdf')
export class PdfPublicController {
  constructor(
    private readonly pdfs: PdfService,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
  ) {}

  /** Renders the report's PDF (or finds it cached) and answers its id. */
  @Post(':reportId')
  @HttpCode(200)
  @ApiHeader(SHARE_HEADER)
  @ApiOkResponse({ type: PdfGenerateResponseDto })
  @ApiNotFoundResponse({ description: 'No such report, or no owner or share token for it' })
  @ApiConflictResponse({ description: 'The analysis has not finished' })
  async generatePdf(
    @Param('reportId', ParseUUIDPipe) reportId: string,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-share-token') shareToken: string | undefined,
    @Headers('x-api-key') apiKey: string | undefined,
  ): Promise<PdfGenerateResponseDto> {
    const report = await this.pdfs.authorize(reportId, { authorization, apiKey, shareToken });
    return { id: (await this.pdfs.ensure(report)).key };
  }

  /** The PDF itself, saved as optimization-report-{filename without extension}.pdf. */
  @Get(':reportId')
  @ApiHeader(SHARE_HEADER)
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The optimization report as a PDF', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No such report, or no owner or share token for it' })
  async downloadPdf(
    @Param('reportId', ParseUUIDPipe) reportId: string,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-share-token') shareToken: string | undefined,
    @Headers('x-api-key') apiKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const report = await this.pdfs.authorize(reportId, { authorization, apiKey, shareToken });
    const pdf = await this.pdfs.ensure(report);
    // Streamed by the API from either store: the access rules above stay the only way to the file.
    const file = await this.store.getStream(pdf.objectKey);
    if (!file) throw new InternalServerErrorException(PDF_FAILED);
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(file.stream, {
      type: 'application/pdf',
      length: file.size,
      disposition: contentDisposition(pdfFilename(report.originalFilename)),
    });
  }
}
