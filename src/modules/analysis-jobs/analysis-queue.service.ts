import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueName, type JobPayloads } from '../../jobs/queues';

/** Puts a report's analysis on the queue; jobId = reportId makes it idempotent. */
@Injectable()
export class AnalysisQueue {
  private readonly logger = new Logger(AnalysisQueue.name);

  constructor(@InjectQueue(QueueName.Analysis) private readonly queue: Queue) {}

  /** Never throws: a report left without a job is picked up again by the maintenance sweep. */
  async enqueue(reportId: string): Promise<boolean> {
    const data: JobPayloads[QueueName.Analysis]['analyze'] = { reportId };
    try {
      await this.queue.add('analyze', data, { jobId: reportId });
      return true;
    } catch (error) {
      this.logger.error(`could not enqueue analysis of ${reportId}: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }

  /** Whether a job for this report is waiting, running or scheduled for retry. */
  async isQueued(reportId: string): Promise<boolean> {
    const job = await this.queue.getJob(reportId);
    if (!job) return false;
    const state = await job.getState();
    return !['completed', 'failed', 'unknown'].includes(state);
  }

  /** Removes a finished job with this id so the same report can be queued again. */
  async removeFinished(reportId: string): Promise<void> {
    const job = await this.queue.getJob(reportId);
    if (job && ['completed', 'failed'].includes(await job.getState())) await job.remove();
  }
}
