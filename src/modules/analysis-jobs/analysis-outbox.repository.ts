import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A job that an accepted upload still owes the analysis queue. */
export interface OutboxRow {
  report_id: string;
  request_id: string | null;
}

/** The analysis_outbox table (AnalysisOutbox holds the rules). A method that takes an EntityManager runs in its transaction. */
@Injectable()
export class AnalysisOutboxRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(manager: EntityManager, reportId: string, requestId: string | null): Promise<void> {
    await manager.query('INSERT INTO analysis_outbox (report_id, request_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [reportId, requestId]);
  }

  async remove(reportId: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.db.manager).query('DELETE FROM analysis_outbox WHERE report_id = $1', [reportId]);
  }

  /** The oldest rows no other relay holds, locked until the transaction ends (FOR UPDATE SKIP LOCKED). */
  claimOldest(manager: EntityManager, limit: number): Promise<OutboxRow[]> {
    return manager.query(`SELECT report_id, request_id FROM analysis_outbox ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, [limit]) as Promise<OutboxRow[]>;
  }

  async noteFailedAttempt(manager: EntityManager, reportId: string, error: string): Promise<void> {
    await manager.query('UPDATE analysis_outbox SET attempts = attempts + 1, last_error = $2 WHERE report_id = $1', [reportId, error]);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}
