import { Controller, Get, Header, HttpCode, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { Accepts, API_KEY_SECURITY, Auth, KeysMayRead, type RequestAuth } from '../auth';
import { CompareQueryDto } from '../compare';
import { PdfGenerateResponseDto } from './pdf.dto';
import { PdfService } from './pdf.service';

const SHARE_HEADER = { name: 'X-Share-Token', required: false, description: 'A comparison link token that allows downloads, instead of a bearer token' };

/**
 * The comparison of two cuts as a PDF, for the owner of both (bearer) or the holder of a comparison link of exactly
 * this pair that allows downloads; anyone else gets 404.
 */
@ApiTags('pdf')
@ApiBearerAuth()
@ApiSecurity(API_KEY_SECURITY)
@ApiSecurity({})
// The auth guard reads all three, with its lockout; nobody at all still reaches a sample report (404 for the rest).
@Accepts({ anonymous: true, shareToken: 'header' })
@KeysMayRead()
@Controller('public/compare/pdf')
export class ComparisonPdfPublicController {
  constructor(private readonly pdfs: PdfService) {}

  /** Renders the comparison PDF (or finds it cached) and answers its id. */
  @Post()
  @HttpCode(200)
  @ApiHeader(SHARE_HEADER)
  @ApiOkResponse({ type: PdfGenerateResponseDto })
  @ApiNotFoundResponse({ description: 'No such pair, or no owner or comparison link token for it' })
  @ApiConflictResponse({ description: 'Either analysis has not finished' })
  async generateComparisonPdf(
    @Query() query: CompareQueryDto,
    @Auth() auth: RequestAuth,
  ): Promise<PdfGenerateResponseDto> {
    const { a, b } = await this.pdfs.authorizeComparison(auth, query.a, query.b);
    return { id: (await this.pdfs.ensureComparison(a, b)).key };
  }

  /** The PDF itself, saved as comparison-{A}-vs-{B}.pdf. */
  @Get()
  @ApiHeader(SHARE_HEADER)
  @ApiProduces('application/pdf')
  // Private to its holder: no shared cache keeps a copy.
  @Header('Cache-Control', 'private, no-store')
  @ApiOkResponse({ description: 'The comparison as a PDF', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No such pair, or no owner or comparison link token for it' })
  async downloadComparisonPdf(
    @Query() query: CompareQueryDto,
    @Auth() auth: RequestAuth,
  ): Promise<StreamableFile> {
    const { a, b } = await this.pdfs.authorizeComparison(auth, query.a, query.b);
    return this.pdfs.downloadComparison(a, b);
  }
}
