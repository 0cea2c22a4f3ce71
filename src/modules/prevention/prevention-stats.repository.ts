import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** A creator's completed reports summed up, as PostgreSQL answers it (averages as numeric text, or null for none). */
export interface PreventionTotals {
  analyzed: number;
  processing: number;
  risk: string | number | null;
  dropOff: string | number | null;
  watchLoss: string | number | null;
  issues: number;
  roi: string | number | null;
}

/** The prevention dashboard's aggregate queries over a creator's reports. */
@Injectable()
export class PreventionStatsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async totals(userId: string): Promise<PreventionTotals> {
    const [row] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE status = 'completed')::int AS analyzed,
              count(*) FILTER (WHERE status = 'processing')::int AS processing,
              avg(viral_risk_score) FILTER (WHERE status = 'completed') AS risk,
              avg(drop_off_likelihood) FILTER (WHERE status = 'completed') AS "dropOff",
              avg(watch_time_loss) FILTER (WHERE status = 'completed') AS "watchLoss",
              coalesce(sum(issues_count) FILTER (WHERE status = 'completed'), 0)::int AS issues,
              coalesce(sum(prevention_roi) FILTER (WHERE status = 'completed'), 0) AS roi
         FROM reports WHERE user_id = $1`,
      [userId],
    )) as PreventionTotals[];
    return row;
  }

  /** Issues per category over the creator's completed reports, most first. */
  categoryCounts(userId: string): Promise<{ category: string; count: number }[]> {
    return this.db.query(
      `SELECT c.key AS category, sum(c.value::int)::int AS count
         FROM reports r, jsonb_each_text(r.category_counts) c
        WHERE r.user_id = $1 AND r.status = 'completed'
        GROUP BY c.key ORDER BY count DESC, c.key`,
      [userId],
    ) as Promise<{ category: string; count: number }[]>;
  }
}
