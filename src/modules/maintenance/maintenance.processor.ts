import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { MAINTENANCE_SWEEP_EVERY_MS, QueueName, REQUEUE_CHECK_EVERY_MS, type JobName } from '../../jobs/queues';
import { MaintenanceService, type SweepResult } from './maintenance.service';

/** How soon a Redis data loss is noticed (one small read per worker). */
const LOSS_CHECK_EVERY_MS = 10_000;

const SCHEDULES: Array<{ id: string; every: number; name: JobName<QueueName.Maintenance> }> = [
  { id: 'maintenance-sweep', every: MAINTENANCE_SWEEP_EVERY_MS, name: 'sweep' },
  { id: 'maintenance-requeue', every: REQUEUE_CHECK_EVERY_MS, name: 'requeue' },
];

/**
 * The maintenance schedules, and the reconciliation that must not wait for them: a Redis that restarts without
 * persistence forgets queued jobs and the schedules themselves. Every few seconds each worker checks that the
 * schedules exist; when they are gone it re-creates them and re-queues every report that is processing in
 * PostgreSQL without a job in Redis.
 */
@Processor(QueueName.Maintenance)
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MaintenanceProcessor.name);
  private watchdog: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly maintenance: MaintenanceService,
    @InjectQueue(QueueName.Maintenance) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureSchedules();
    // At start-up too: an API killed with the rest of the stack leaves its partial multipart uploads behind.
    await this.maintenance.deleteAbandonedMultipartUploads(new Date());
    this.watchdog = setInterval(() => void this.checkForLostData(), LOSS_CHECK_EVERY_MS);
    this.watchdog.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.watchdog);
  }

  /** Re-creates a missing schedule (never touches an existing one: upserting resets its next run). */
  async ensureSchedules(): Promise<boolean> {
    let recreated = false;
    for (const schedule of SCHEDULES) {
      if (await this.queue.getJobScheduler(schedule.id)) continue;
      await this.queue.upsertJobScheduler(schedule.id, { every: schedule.every }, { name: schedule.name, data: {} });
      recreated = true;
    }
    return recreated;
  }

  /**
   * A schedule that vanished means Redis lost its data (a restart without persistence, a flush): queued jobs went
   * with it, so every processing report without a job is queued again now, not at the next start.
   */
  async checkForLostData(): Promise<void> {
    if (this.checking) return; // while Redis is down the call waits for the reconnect; never pile checks up
    this.checking = true;
    try {
      if (!(await this.ensureSchedules())) return;
      const requeued = await this.maintenance.requeueOrphans(new Date(), { minIdleMs: 0 });
      this.logger.warn(`Redis lost its data: schedules re-created, ${requeued} report(s) re-queued`);
    } catch (error) {
      this.logger.warn(`could not check Redis for lost jobs (retrying in ${LOSS_CHECK_EVERY_MS / 1000} s): ${error instanceof Error ? error.message : error}`);
    } finally {
      this.checking = false;
    }
  }

  async process(job: Job): Promise<SweepResult | { requeued: number; partialUploadsDeleted: number }> {
    switch (job.name as JobName<QueueName.Maintenance>) {
      case 'sweep':
        return this.maintenance.sweep();
      case 'requeue': {
        const now = new Date();
        return { requeued: await this.maintenance.requeueOrphans(now), partialUploadsDeleted: await this.maintenance.deleteAbandonedMultipartUploads(now) };
      }
      default:
        throw new Error(`No handler for maintenance job "${job.name}"`);
    }
  }
}
