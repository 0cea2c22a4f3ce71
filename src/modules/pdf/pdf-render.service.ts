import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { UnrecoverableError } from 'bullmq';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PdfRendererService } from '../../infra/pdf/pdf-renderer.service';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { reportPrefix } from '../../infra/storage/storage-keys';
import { workDirOfThisProcess } from '../analysis-jobs/work-dirs';
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
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly data: ReportDataStore,
    private readonly cache: PdfCache,
    private readonly renderer: PdfRendererService,
  ) {}

  async render(reportId: string): Promise<string> {
    const report = await this.reports.findOneBy({ id: reportId });
    if (!report || report.status !== 'completed') throw new UnrecoverableError('no completed report');
    const pdf = await this.cache.current(report);
    if (pdf.exists) return pdf.key;
    const data = await this.data.read(report.id);
    // Chromium prints frames read from files: on object storage the report's folder is copied here first.
    const folder = await this.store.localFolder(reportPrefix(report.id), workDirOfThisProcess());
    const document = await buildPdfDocument({
      report: data,
      reportDir: folder.path,
      framesAvailable: pdf.framesAvailable,
      retentionHours: this.config.frameRetentionHours,
      now: new Date(),
    }).finally(() => folder.release());
    await this.cache.store(report.id, pdf, await timed(pdfRenderDuration, () => this.renderer.render(document.html, PDF_PRINT_OPTIONS)));
    return pdf.key;
  }
}
