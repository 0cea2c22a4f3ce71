import { Module } from '@nestjs/common';
import { PdfRendererService } from '../../infra/pdf/pdf-renderer.service';
import { EditDataModule } from '../edit';
import { MeasuredRetentionDataModule } from '../measured-retention';
import { ReportDataModule } from '../reports';
import { PdfCache } from './pdf-cache';
import { PdfRenderService } from './pdf-render.service';
import { PdfProcessor } from './pdf.processor';

/**
 * Worker-only: renders PDFs. Chromium runs here, not in the API, so a render (CPU and ~200 MB per page) never competes
 * with request handling, and PDF capacity scales with the workers.
 */
@Module({
  imports: [ReportDataModule, MeasuredRetentionDataModule, EditDataModule],
  providers: [PdfRendererService, PdfRenderService, PdfProcessor, PdfCache],
})
export class PdfWorkerModule {}
