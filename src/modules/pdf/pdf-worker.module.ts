import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PdfRendererService } from '../../infra/pdf/pdf-renderer.service';
import { MeasuredRetention } from '../measured-retention';
import { Report, ReportDataModule } from '../reports';
import { PdfCache } from './pdf-cache';
import { PdfRenderService } from './pdf-render.service';
import { PdfProcessor } from './pdf.processor';

/**
 * Worker-only: renders PDFs. Chromium runs here, not in the API, so a render (CPU and ~200 MB per page) never competes
 * with request handling, and PDF capacity scales with the workers.
 */
@Module({
  imports: [TypeOrmModule.forFeature([Report, MeasuredRetention]), ReportDataModule],
  providers: [PdfRendererService, PdfRenderService, PdfProcessor, PdfCache],
})
export class PdfWorkerModule {}
