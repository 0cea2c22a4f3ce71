import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import { readFile } from 'node:fs/promises';
import type { Repository } from 'typeorm';
import type { Report as AnalysisReport } from '@preflight/shared';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PdfRendererService } from '../../infra/pdf/pdf-renderer.service';
import { StorageService } from '../../infra/storage/storage.service';
import { Report } from '../reports/report.entity';
import { ReportDataStore } from '../reports/report-data.store';
import { PdfCache } from './pdf-cache';
import { buildPdfDocument, PDF_PRINT_OPTIONS } from './pdf-document';
import { pdfRenderDuration, timed } from '../../infra/metrics/metrics';

/** Worker side: report.json + frames → cached PDF. Returns the cache key (the PDF's id). */
@Injectable()
export class PdfRenderService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    private readonly storage: StorageService,
    private readonly data: ReportDataStore,
    private readonly cache: PdfCache,
    private readonly renderer: PdfRendererService,
  ) {}

  async render(reportId: string): Promise<string> {
    const report = await this.reports.findOneBy({ id: reportId });
    if (!report || report.status !== 'completed') throw new UnrecoverableError('no completed report');
    const pdf = await this.cache.current(report);
    if (pdf.exists) return pdf.key;
    const data = JSON.parse(await readFile(this.data.path(report.id), 'utf8')) as AnalysisReport;
    const document = await buildPdfDocument({
      report: data,
      reportDir: this.storage.reportDir(report.id),
      framesAvailable: pdf.framesAvailable,
      retentionHours: this.config.frameRetentionHours,
      now: new Date(),
    });
    await this.cache.store(report.id, pdf, await timed(pdfRenderDuration, () => this.renderer.render(document.html, PDF_PRINT_OPTIONS)));
    return pdf.key;
  }
}
