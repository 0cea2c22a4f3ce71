import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AnalysisOutboxRepository } from './analysis-outbox.repository';
import { AnalysisQueue } from './analysis-queue.service';

/** How long an upload waits for Redis to take its job before answering "accepted, queued later". */
export const ENQUEUE_DEADLINE_MS = 2_500;
/** How often the relay looks for rows whose job is not in Redis yet. */
const RELAY_EVERY_MS = 3_000;
const RELAY_BATCH = 50;

/**
 * The transactional outbox of analysis jobs. An upload inserts its outbox row in the transaction that creates the
 * report (write()); after the commit it tries to queue the job within ENQUEUE_DEADLINE_MS and deletes the row when
 * Redis took it (dispatch()). A row still there (Redis was away, the process died between commit and enqueue) is
 * queued by the relay, which runs every few seconds in every API and worker process: several relays never queue the
 * same row at once (FOR UPDATE SKIP LOCKED), and queuing twice is harmless anyway (jobId = reportId).
 */
@Injectable()
export class AnalysisOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(AnalysisOutbox.name);
  private timer: NodeJS.Timeout | undefined;
  private relaying = false;
  private waitingForRedis = false;

  constructor(
    private readonly rows: AnalysisOutboxRepository,
    private readonly queue: AnalysisQueue,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.relay(), RELAY_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Inside the transaction that creates the report: its job is now sure to be queued, whatever Redis is doing. */
  async write(manager: EntityManager, reportId: string, requestId?: string): Promise<void> {
    await this.rows.insert(manager, reportId, requestId ?? null);
  }

  /** After the commit: queues the job now if Redis takes it within the deadline. Returns whether it did. */
  async dispatch(reportId: string, requestId?: string): Promise<boolean> {
    if (!(await this.queue.enqueueWithin(reportId, ENQUEUE_DEADLINE_MS, requestId))) return false;
    await this.rows.remove(reportId).catch(() => undefined); // the relay deletes it otherwise
    return true;
  }

  /** Queues every job still in the outbox, oldest first; stops at the first one Redis does not take. Returns how many. */
  async relay(): Promise<number> {
    if (this.relaying) return 0; // a tick while Redis hangs must not pile up behind the previous one
    this.relaying = true;
    let relayed = 0;
    try {
      relayed = await this.rows.transaction(async (manager) => {
        const rows = await this.rows.claimOldest(manager, RELAY_BATCH);
        let done = 0;
        for (const row of rows) {
          if (!(await this.queue.enqueueWithin(row.report_id, ENQUEUE_DEADLINE_MS, row.request_id ?? undefined))) {
            await this.rows.noteFailedAttempt(manager, row.report_id, 'queue unavailable');
            if (!this.waitingForRedis) this.logger.warn(`analysis queue unavailable: ${rows.length - done} accepted upload(s) wait in the outbox`);
            this.waitingForRedis = true;
            break;
          }
          await this.rows.remove(row.report_id, manager);
          done += 1;
        }
        return done;
      });
      if (relayed > 0) {
        this.logger.log(`outbox: ${relayed} analysis job(s) queued${this.waitingForRedis ? ' now that the queue is back' : ''}`);
        this.waitingForRedis = false;
      }
    } catch (error) {
      this.logger.debug(`outbox relay skipped: ${error instanceof Error ? error.message : String(error)}`); // database away: next tick
    } finally {
      this.relaying = false;
    }
    return relayed;
  }
}
