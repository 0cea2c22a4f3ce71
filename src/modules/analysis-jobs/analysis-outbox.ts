import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
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
    @InjectDataSource() private readonly db: DataSource,
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
    await manager.query('INSERT INTO analysis_outbox (report_id, request_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [reportId, requestId ?? null]);
  }

  /** After the commit: queues the job now if Redis takes it within the deadline. Returns whether it did. */
  async dispatch(reportId: string, requestId?: string): Promise<boolean> {
    if (!(await this.queue.enqueueWithin(reportId, ENQUEUE_DEADLINE_MS, requestId))) return false;
    await this.db.query('DELETE FROM analysis_outbox WHERE report_id = $1', [reportId]).catch(() => undefined); // the relay deletes it otherwise
    return true;
  }

  /** Queues every job still in the outbox, oldest first; stops at the first one Redis does not take. Returns how many. */
  async relay(): Promise<number> {
    if (this.relaying) return 0; // a tick while Redis hangs must not pile up behind the previous one
    this.relaying = true;
    let relayed = 0;
    try {
      relayed = await this.db.transaction(async (manager) => {
        const rows = (await manager.query(
          `SELECT report_id, request_id FROM analysis_outbox ORDER BY created_at LIMIT ${RELAY_BATCH} FOR UPDATE SKIP LOCKED`,
        )) as Array<{ report_id: string; request_id: string | null }>;
        let done = 0;
        for (const row of rows) {
          if (!(await this.queue.enqueueWithin(row.report_id, ENQUEUE_DEADLINE_MS, row.request_id ?? undefined))) {
            await manager.query('UPDATE analysis_outbox SET attempts = attempts + 1, last_error = $2 WHERE report_id = $1', [row.report_id, 'queue unavailable']);
            if (!this.waitingForRedis) this.logger.warn(`analysis queue unavailable: ${rows.length - done} accepted upload(s) wait in the outbox`);
            this.waitingForRedis = true;
            break;
          }
          await manager.query('DELETE FROM analysis_outbox WHERE report_id = $1', [row.report_id]);
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
