import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueName, type JobPayloads } from '../../jobs/queues';
import { ReportsRepository } from '../reports';

/** BullMQ's lowest priority; a creator never has this many analyses waiting. */
const LOWEST_PRIORITY = 2_097_152;

/** Puts a report's analysis on the queue; jobId = reportId makes it idempotent. */
@Injectable()
export class AnalysisQueue {
  private readonly logger = new Logger(AnalysisQueue.name);

  constructor(
    @InjectQueue(QueueName.Analysis) private readonly queue: Queue,
    private readonly reports: ReportsRepository,
  ) {}

  /**
   * Never throws: a report left without a job is picked up again by the maintenance sweep.
   *
   * Fair across creators: a job's priority is its place in its creator's own line (1 for their oldest waiting
   * analysis, 2 for the next…), so one creator's batch of long videos delays another creator's single video by at
   * most the job that is already running.
   */
  async enqueue(reportId: string, requestId?: string): Promise<boolean> {
    const data: JobPayloads[QueueName.Analysis]['analyze'] = { reportId, ...(requestId ? { requestId } : {}) };
    try {
      const priority = Math.min(await this.reports.placeInCreatorsLine(reportId), LOWEST_PRIORITY);
      await this.queue.add('analyze', data, { jobId: reportId, priority });
      return true;
    } catch (error) {
      this.logger.error(`could not enqueue analysis of ${reportId}: ${error instanceof Error ? error.message : error}`);
      return false;
    }
  }

  /**
   * enqueue() with a deadline: while Redis is away BullMQ holds the command until it reconnects, which would hold the
   * caller (an upload request) for as long as the outage lasts. The command may still reach Redis later: harmless, the
   * jobId makes a second add a no-op.
   */
  async enqueueWithin(reportId: string, deadlineMs: number, requestId?: string): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), deadlineMs)));
    try {
      return await Promise.race([this.enqueue(reportId, requestId), deadline]);
    } finally {
      clearTimeout(timer);
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
