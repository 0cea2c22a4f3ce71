import { InjectQueue } from '@nestjs/bullmq';
import {
  ConflictException,
  Inject,
  Injectable,
  InternalServerErrorException,
  Logger,
  ServiceUnavailableException,
  StreamableFile,
  type OnModuleDestroy,
} from '@nestjs/common';
import { QueueEvents, type Queue } from 'bullmq';
import { extname } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { QueueName, type JobPayloads } from '../../jobs/queues';
import type { RequestAuth } from '../auth';
import { ReportAccess, fileNameOnly } from '../reports';
import type { Report } from '../reports';
import { contentDisposition } from './content-disposition';
import { PdfCache, type CachedPdf } from './pdf-cache';

/** A cold render of a 1-hour report takes seconds; this only bounds a stuck worker. */
const RENDER_WAIT_MS = 90_000;
/** Renders of one request when the report keeps changing under it (each re-derivation is a new version). */
const ENSURE_ROUNDS = 3;
export const PDF_FAILED = 'Failed to generate PDF report';

/** Saved as optimization-report-{filename without extension}.pdf. */
export function pdfFilename(originalFilename: string): string {
  const name = fileNameOnly(originalFilename);
  const stem = (extname(name) ? name.slice(0, -extname(name).length) : name) || 'video';
  return `optimization-report-${stem}.pdf`;
}

/**
 * API side of the PDF: who may have it, and getting it rendered. Rendering happens in the worker (PdfProcessor); the
 * API enqueues one job per report version (jobId = report + cache key, so simultaneous requests share one render) and
 * waits for it without blocking its event loop.
 */
@Injectable()
export class PdfService implements OnModuleDestroy {
  private readonly logger = new Logger(PdfService.name);
  private readonly events: QueueEvents;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectQueue(QueueName.Pdf) private readonly queue: Queue,
    private readonly access: ReportAccess,
    private readonly cache: PdfCache,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
  ) {
    this.events = new QueueEvents(QueueName.Pdf, {
      connection: { url: config.redis.url, maxRetriesPerRequest: null },
      prefix: config.redis.prefix,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.events.close();
  }

  /**
   * The owner (bearer token or API key), a live share token whose link allows downloads, or (for sample reports)
   * nobody: 'report.pdf' (reports/report-access.ts). Without any of them the answer is 404: someone holding only a
   * report id learns nothing, not even that it exists. A refused credential was answered 401 by the auth guard.
   */
  async authorize(auth: RequestAuth, reportId: string): Promise<Report> {
    const { report } = await this.access.requireReport(auth, reportId, 'report.pdf');
    if (report.status === 'error') throw new ConflictException('This analysis failed; upload the video again.');
    if (report.status !== 'completed') throw new ConflictException('The analysis is still running.');
    return report;
  }

  /** The current PDF of the report, rendered now if the cached one is missing or stale. */
  async ensure(report: Report): Promise<CachedPdf> {
    // A re-derivation that lands while the PDF renders changes report.json, hence the key: the PDF then rendered is of
    // the version before. Render the new version (a soak with re-derivations every few seconds answered 500 here).
    for (let round = 0; round < ENSURE_ROUNDS; round += 1) {
      const cached = await this.cache.current(report);
      if (cached.exists) return cached;
      await this.renderInWorker('render', { reportId: report.id }, `${report.id}-${cached.key}`);
      const rendered = await this.cache.current(report);
      if (rendered.exists) return rendered;
      if (rendered.key === cached.key) break; // same version, still no file: the render failed
    }
    throw new InternalServerErrorException(PDF_FAILED);
  }

  /** Cut A and cut B for a comparison PDF: the owner's, or a comparison link of this pair that allows downloads. */
  async authorizeComparison(auth: RequestAuth, aId: string, bId: string): Promise<{ a: Report; b: Report }> {
    const { a, b } = await this.access.requirePair(auth, aId, bId, 'report.pdf');
    for (const report of [a, b]) {
      if (report.status === 'error') throw new ConflictException('This analysis failed; upload the video again.');
      if (report.status !== 'completed') throw new ConflictException('The analysis is still running.');
    }
    return { a, b };
  }

  /** The current comparison PDF of the pair, rendered now if missing or stale. */
  async ensureComparison(a: Report, b: Report): Promise<CachedPdf> {
    const cached = await this.cache.comparison(a.id, b.id);
    if (cached.exists) return cached;
    await this.renderInWorker('render-comparison', { a: a.id, b: b.id }, `comparison-${a.id}-${b.id}-${cached.key}`);
    const rendered = await this.cache.comparison(a.id, b.id);
    if (!rendered.exists) throw new InternalServerErrorException(PDF_FAILED);
    return rendered;
  }

  /** The report's PDF as a download (rendered now if needed), saved as optimization-report-{filename}.pdf. */
  async download(report: Report): Promise<StreamableFile> {
    return this.stream(await this.ensure(report), pdfFilename(report.originalFilename));
  }

  /** The comparison PDF of the pair as a download (rendered now if needed), saved as comparison-{A}-vs-{B}.pdf. */
  async downloadComparison(a: Report, b: Report): Promise<StreamableFile> {
    return this.stream(await this.ensureComparison(a, b), comparisonPdfFilename(a.originalFilename, b.originalFilename));
  }

  /** Streamed by the API from either store: the access rules of the callers stay the only way to the file. */
  private async stream(pdf: CachedPdf, filename: string): Promise<StreamableFile> {
    const file = await this.store.getStream(pdf.objectKey);
    if (!file) throw new InternalServerErrorException(PDF_FAILED);
    return new StreamableFile(file.stream, { type: 'application/pdf', length: file.size, disposition: contentDisposition(filename) });
  }

  /** One render job per version (simultaneous requests share it), waited for without blocking the event loop. */
  private async renderInWorker<N extends keyof JobPayloads[QueueName.Pdf]>(name: N, data: JobPayloads[QueueName.Pdf][N], jobId: string): Promise<void> {
    const job = await this.queue.add(name, data, {
      jobId,
      attempts: 2,
      backoff: { type: 'fixed', delay: 1_000 },
      removeOnComplete: { age: 60 },
      removeOnFail: true,
    });
    try {
      await job.waitUntilFinished(this.events, RENDER_WAIT_MS);
    } catch (error) {
      this.logger.error(`PDF ${jobId} failed: ${error instanceof Error ? error.message : error}`);
      // No answer in time and the job is gone (Redis restarted and lost it) or Redis does not answer: an outage, worth
      // a retry (503). A render that failed is removed too (removeOnFail), but it says so instead of timing out.
      const timedOut = error instanceof Error && /timed out/i.test(error.message);
      const stillQueued = await this.queue.getJob(jobId).then(Boolean, () => false);
      if (timedOut && !stillQueued) throw new ServiceUnavailableException('The PDF could not be made because the job queue restarted. Please try again in a moment.');
      throw new InternalServerErrorException(PDF_FAILED);
    }
  }
}

/** Saved as comparison-{A without extension}-vs-{B without extension}.pdf. */
export function comparisonPdfFilename(aFilename: string, bFilename: string): string {
  const stem = (f: string) => pdfFilename(f).replace(/^optimization-report-/, '').replace(/\.pdf$/, '');
  return `comparison-${stem(aFilename)}-vs-${stem(bFilename)}.pdf`;
}
