import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { MAINTENANCE_SWEEP_EVERY_MS, QueueName, REQUEUE_CHECK_EVERY_MS, type JobName } from '../../jobs/queues';
import { MaintenanceService, type SweepResult } from './maintenance.service';

@Processor(QueueName.Maintenance)
export class MaintenanceProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly maintenance: MaintenanceService,
    @InjectQueue(QueueName.Maintenance) private readonly queue: Queue,
  ) {
    super();
  }

  /** One hourly schedule however many workers start (upsert is idempotent by id). */
  async onApplicationBootstrap(): Promise<void> {
    const sweep: JobName<QueueName.Maintenance> = 'sweep';
    const requeue: JobName<QueueName.Maintenance> = 'requeue';
    await this.queue.upsertJobScheduler('maintenance-sweep', { every: MAINTENANCE_SWEEP_EVERY_MS }, { name: sweep, data: {} });
    await this.queue.upsertJobScheduler('maintenance-requeue', { every: REQUEUE_CHECK_EVERY_MS }, { name: requeue, data: {} });
  }

  async process(job: Job): Promise<SweepResult | { requeued: number }> {
    switch (job.name as JobName<QueueName.Maintenance>) {
      case 'sweep':
        return this.maintenance.sweep();
      case 'requeue':
        return { requeued: await this.maintenance.requeueOrphans(new Date()) };
      default:
        throw new Error(`No handler for maintenance job "${job.name}"`);
    }
  }
}
