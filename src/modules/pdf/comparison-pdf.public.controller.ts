import { Controller, Get, Headers, HttpCode, Inject, InternalServerErrorException, Post, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { API_KEY_SECURITY } from '../auth/key-scope.decorator';
import { Public } from '../auth/public.decorator';
import { CompareQueryDto } from '../compare/compare.dto';
import { contentDisposition } from './content-disposition';
import { PdfGenerateResponseDto } from './pdf.dto';
import { comparisonPdfFilename, PDF_FAILED, PdfService } from './pdf.service';

const SHARE_HEADER = { name: 'X-Share-Token', required: false, description: 'A comparison link token that allows downloads, instead of a bearer token' };

/**
 * The comparison of two cuts as a PDF, for the owner of both (bearer) or the holder of a comparison link of exactly
 * this pair that allows downloads; anyone else gets 404.
 */
@ApiTags('pdf')
@ApiBearerAuth()
@ApiSecurity(API_KEY_SECURITY)
@ApiSecurity({})
@Public()
@Controller('public/compare/pdf')
export class ComparisonPdfPublicController {
  constructor(
    private readonly pdfs: PdfService,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
  ) {}

  /** Renders the comparison PDF (or finds it cached) and answers its id. */
  @Post()
  @HttpCode(200)
  @ApiHeader(SHARE_HEADER)
  @ApiOkResponse({ type: PdfGenerateResponseDto })
  @ApiNotFoundResponse({ description: 'No such pair, or no owner or comparison link token for it' })
  @ApiConflictResponse({ description: 'Either analysis has not finished' })
  async generateComparisonPdf(
    @Query() query: CompareQueryDto,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-share-token') shareToken: string | undefined,
    @Headers('x-api-key') apiKey: string | undefined,
  ): Promise<PdfGenerateResponseDto> {
    const { a, b } = await this.pdfs.authorizeComparison(query.a, query.b, { authorization, apiKey, shareToken });
    return { id: (await this.pdfs.ensureComparison(a, b)).key };
  }

  /** The PDF itself, saved as comparison-{A}-vs-{B}.pdf. */
  @Get()
  @ApiHeader(SHARE_HEADER)
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The comparison as a PDF', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No such pair, or no owner or comparison link token for it' })
  async downloadComparisonPdf(
    @Query() query: CompareQueryDto,
    @Headers('authorization') authorization: string | undefined,
    @Headers('x-share-token') shareToken: string | undefined,
    @Headers('x-api-key') apiKey: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const { a, b } = await this.pdfs.authorizeComparison(query.a, query.b, { authorization, apiKey, shareToken });
    const pdf = await this.pdfs.ensureComparison(a, b);
    const file = await this.store.getStream(pdf.objectKey);
    if (!file) throw new InternalServerErrorException(PDF_FAILED);
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(file.stream, {
      type: 'application/pdf',
      length: file.size,
      disposition: contentDisposition(comparisonPdfFilename(a.originalFilename, b.originalFilename)),
    });
  }
}
