import { Module } from '@nestjs/common';
import { EditDataModule } from '../edit';
import { MeasuredRetentionDataModule } from '../measured-retention';
import { ReportsModule } from '../reports';
import { PdfCache } from './pdf-cache';
import { ComparisonPdfPublicController } from './comparison-pdf.public.controller';
import { PdfPublicController } from './pdf.public.controller';
import { PdfService } from './pdf.service';

/** API side of the PDF: access and the cached file; the worker's PdfWorkerModule renders. */
@Module({
  imports: [ReportsModule, MeasuredRetentionDataModule, EditDataModule],
  controllers: [PdfPublicController, ComparisonPdfPublicController],
  providers: [PdfService, PdfCache],
})
export class PdfModule {}
