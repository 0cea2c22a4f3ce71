import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * What the free plan counts, read from the creator's reports and account. Each read takes the caller's transaction
 * (manager) when the check must be atomic with what follows (an upload's gate), else the pool.
 */
@Injectable()
export class FreePlanUsageRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Analyses queued, running or finished; one that ended in error gives its free analysis back. */
  async analysesUsed(userId: string, manager?: EntityManager): Promise<number> {
    const [{ count }] = (await (manager ?? this.db.manager).query(
      `SELECT count(*)::int AS count FROM reports WHERE user_id = $1 AND status <> 'error'`,
      [userId],
    )) as { count: number }[];
    return count;
  }

  async completedAnalyses(userId: string): Promise<number> {
    const [{ completed }] = (await this.db.query(`SELECT count(*)::int AS completed FROM reports WHERE user_id = $1 AND status = 'completed'`, [
      userId,
    ])) as { completed: number }[];
    return completed;
  }

  async hasEmail(userId: string, manager?: EntityManager): Promise<boolean> {
    const [row] = (await (manager ?? this.db.manager).query(`SELECT email FROM users WHERE id = $1`, [userId])) as Array<{ email: string | null }>;
    return Boolean(row?.email);
  }

  /** The last 24 hours' failed analyses of a user: how many, and the worker seconds they used. */
  async failedToday(userId: string, manager?: EntityManager): Promise<{ count: number; workSeconds: number }> {
    const [row] = (await (manager ?? this.db.manager).query(
      `SELECT count(*)::int AS count, coalesce(sum(failed_work_seconds), 0)::float8 AS "workSeconds"
         FROM reports WHERE user_id = $1 AND status = 'error' AND created_at > now() - interval '1 day'`,
      [userId],
    )) as { count: number; workSeconds: number }[];
    return row;
  }
}
