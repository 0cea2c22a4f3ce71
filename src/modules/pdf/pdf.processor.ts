import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QueueName, type JobPayloads } from '../../jobs/queues';
import { PdfRenderService } from './pdf-render.service';

/** Concurrency matches the renderer's own bound: more jobs would only wait inside it. */
export const PDF_RENDER_CONCURRENCY = 2;

@Processor(QueueName.Pdf, { concurrency: PDF_RENDER_CONCURRENCY })
export class PdfProcessor extends WorkerHost {
  constructor(private readonly pdfs: PdfRenderService) {
    super();
  }

  async process(job: Job<JobPayloads[QueueName.Pdf]['render'] | JobPayloads[QueueName.Pdf]['render-comparison']>): Promise<string> {
    if ('a' in job.data) return this.pdfs.renderComparison(job.data.a, job.data.b);
    return this.pdfs.render(job.data.reportId);
  }
}
