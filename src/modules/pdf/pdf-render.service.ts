import { Inject, Injectable } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { PdfRendererService } from '../../infra/pdf/pdf-renderer.service';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { reportPrefix } from '../../infra/storage/storage-keys';
import { workDirOfThisProcess } from '../analysis-jobs';
import { compareWithReport } from '@preflight/shared';
import { currentEdit, ReportEditRepository } from '../edit';
import { MeasuredRetentionRepository } from '../measured-retention';
import { ReportDataStore, ReportsRepository } from '../reports';
import { PdfCache } from './pdf-cache';
import { buildPdfDocument, PDF_PRINT_OPTIONS } from './pdf-document';
import { buildComparisonDocument, COMPARISON_PRINT_OPTIONS } from './comparison-document';
import { compareReports } from '../../analysis/compare/compare';
import { pdfRenderDuration, timed } from '../../infra/metrics/metrics';

/** The edit the PDF prints: the saved one (or the proposal); none for a report whose signals cannot give one. */
function proposedEditOf(data: Parameters<typeof currentEdit>[0], saved: Parameters<typeof currentEdit>[1]) {
  try {
    return currentEdit(data, saved);
  } catch {
    // An old report without the signals an edit needs still prints, without the page.
    return null;
  }
}

/** Worker side: report.json + frames → cached PDF (or two report.json files → comparison PDF). Returns the cache key (the PDF's id). */
@Injectable()
export class PdfRenderService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reports: ReportsRepository,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly data: ReportDataStore,
    private readonly cache: PdfCache,
    private readonly renderer: PdfRendererService,
    private readonly measured: MeasuredRetentionRepository,
    private readonly edits: ReportEditRepository,
  ) {}

  async render(reportId: string): Promise<string> {
    const report = await this.reports.findById(reportId);
    if (!report || report.status !== 'completed') throw new UnrecoverableError('no completed report');
    const pdf = await this.cache.current(report);
    if (pdf.exists) return pdf.key;
    const data = await this.data.read(report.id);
    const curve = await this.measured.curveOf(report.id);
    const edit = proposedEditOf(data, await this.edits.ofReport(report.id));
    // Chromium prints frames read from files: on object storage the report's folder is copied here first.
    const folder = await this.store.localFolder(reportPrefix(report.id), workDirOfThisProcess());
    const document = await buildPdfDocument({
      report: data,
      measured: curve ? compareWithReport(data, curve.points) : null,
      edit,
      reportDir: folder.path,
      framesAvailable: pdf.framesAvailable,
      retentionHours: this.config.frameRetentionHours,
      now: new Date(),
    }).finally(() => folder.release());
    await this.cache.store(report.id, pdf, await timed(pdfRenderDuration, () => this.renderer.render(document.html, PDF_PRINT_OPTIONS)));
    return pdf.key;
  }

  /** Two finished reports → the comparison PDF (computed from both report.json files, like GET /api/compare). */
  async renderComparison(aId: string, bId: string): Promise<string> {
    const [a, b] = await Promise.all([this.reports.findById(aId), this.reports.findById(bId)]);
    if (!a || !b || a.status !== 'completed' || b.status !== 'completed') throw new UnrecoverableError('no two completed reports');
    const pdf = await this.cache.comparison(a.id, b.id);
    if (pdf.exists) return pdf.key;
    const [da, db] = await Promise.all([this.data.read(a.id), this.data.read(b.id)]);
    const comparison = compareReports(
      { reportId: a.id, filename: da.video_info.original_filename, report: da },
      { reportId: b.id, filename: db.video_info.original_filename, report: db },
    );
    const html = buildComparisonDocument(comparison, new Date());
    await this.cache.storeComparison(a.id, b.id, pdf, await timed(pdfRenderDuration, () => this.renderer.render(html, COMPARISON_PRINT_OPTIONS)));
    return pdf.key;
  }
}
