import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, Not, type EntityManager, type Repository } from 'typeorm';
import { Report } from './report.entity';

/** The row a new upload starts with (the columns the upload decides; the rest take their defaults). */
export type NewReport = Pick<
  Report,
  'userId' | 'originalFilename' | 'status' | 'progress' | 'currentStep' | 'phase' | 'stepMessage' | 'feedbackStyle' | 'platform' | 'durationSeconds' | 'uploadPath'
>;

/** A creator's reports summed up, as PostgreSQL answers it (averages as numeric text, or null for none). */
export interface ReportTotals {
  analyzed: number;
  processing: number;
  risk: string | number | null;
  dropOff: string | number | null;
  watchLoss: string | number | null;
  issues: number;
  roi: string | number | null;
}

/** One completed analysis's speed sample: worker seconds and seconds of video, summed over the latest ones. */
export interface SpeedSample {
  work: string | number | null;
  video: string | number | null;
  n: number;
}

/**
 * The reports table for the other modules (upload, analysis-jobs, maintenance, prevention, pdf, subscriptions): they reach report rows
 * only through these methods, never through a Repository<Report> of their own. A method that takes an EntityManager
 * runs inside the caller's transaction.
 */
@Injectable()
export class ReportsRepository {
  constructor(@InjectRepository(Report) private readonly reports: Repository<Report>) {}

  findById(id: string): Promise<Report | null> {
    return this.reports.findOneBy({ id });
  }

  /** Inside the caller's transaction (the upload's, with the trial gate and the outbox row). */
  create(manager: EntityManager, row: NewReport): Promise<Report> {
    return manager.getRepository(Report).save(row);
  }

  async update(id: string, changes: Partial<Report>, manager?: EntityManager): Promise<void> {
    await (manager?.getRepository(Report) ?? this.reports).update({ id }, changes);
  }

  /** Only while the row is still processing: a late progress write never overwrites a finished or failed report. */
  async updateWhileProcessing(id: string, changes: Partial<Report>): Promise<void> {
    await this.reports.update({ id, status: 'processing' }, changes);
  }

  /** Ids of reports processing whose row has not moved since `before`: candidates for a lost job. */
  async idleProcessingIds(before: Date): Promise<string[]> {
    const rows = await this.reports.find({ select: { id: true }, where: { status: 'processing', updatedAt: LessThan(before) } });
    return rows.map((r) => r.id);
  }

  /** Finished reports (completed or error) whose upload file is still referenced. */
  async finishedWithUpload(): Promise<Array<{ id: string; uploadPath: string }>> {
    const rows = await this.reports.find({ select: { id: true, uploadPath: true }, where: { status: In(['completed', 'error']), uploadPath: Not(IsNull()) } });
    return rows.map((r) => ({ id: r.id, uploadPath: r.uploadPath! }));
  }

  /** Which of these upload keys a report still references. */
  async referencedUploads(keys: string[]): Promise<Set<string>> {
    const rows = await this.reports.find({ select: { uploadPath: true }, where: { uploadPath: In(keys) } });
    return new Set(rows.map((r) => r.uploadPath!));
  }

  /** Ids of reports analysed before `analyzedBefore` whose frames are still kept (samples keep theirs for good). */
  async framesToExpire(analyzedBefore: Date): Promise<string[]> {
    const rows = await this.reports.find({ select: { id: true }, where: { analyzedAt: LessThan(analyzedBefore), framesDeletedAt: IsNull(), isSample: false } });
    return rows.map((r) => r.id);
  }

  /** The creator's latest completed reports with a risk score, oldest first. */
  riskTrend(userId: string, limit: number): Promise<Array<Pick<Report, 'id' | 'originalFilename' | 'createdAt' | 'viralRiskScore'>>> {
    return this.reports.find({
      select: { id: true, originalFilename: true, createdAt: true, viralRiskScore: true },
      where: { userId, status: 'completed' },
      order: { createdAt: 'ASC' },
      take: limit,
    });
  }

  async totalsOf(userId: string): Promise<ReportTotals> {
    const [row] = (await this.reports.query(
      `SELECT count(*) FILTER (WHERE status = 'completed')::int AS analyzed,
              count(*) FILTER (WHERE status = 'processing')::int AS processing,
              avg(viral_risk_score) FILTER (WHERE status = 'completed') AS risk,
              avg(drop_off_likelihood) FILTER (WHERE status = 'completed') AS "dropOff",
              avg(watch_time_loss) FILTER (WHERE status = 'completed') AS "watchLoss",
              coalesce(sum(issues_count) FILTER (WHERE status = 'completed'), 0)::int AS issues,
              coalesce(sum(prevention_roi) FILTER (WHERE status = 'completed'), 0) AS roi
         FROM reports WHERE user_id = $1`,
      [userId],
    )) as ReportTotals[];
    return row;
  }

  /** Issues per category over the creator's completed reports, most first. */
  issueCategoryCounts(userId: string): Promise<{ category: string; count: number }[]> {
    return this.reports.query(
      `SELECT c.key AS category, sum(c.value::int)::int AS count
         FROM reports r, jsonb_each_text(r.category_counts) c
        WHERE r.user_id = $1 AND r.status = 'completed'
        GROUP BY c.key ORDER BY count DESC, c.key`,
      [userId],
    ) as Promise<{ category: string; count: number }[]>;
  }

  /** Analyses queued, running or finished: every report of the creator but those that ended in error. */
  async countNotFailed(userId: string, manager?: EntityManager): Promise<number> {
    const [{ count }] = (await (manager ?? this.reports.manager).query(
      `SELECT count(*)::int AS count FROM reports WHERE user_id = $1 AND status <> 'error'`,
      [userId],
    )) as { count: number }[];
    return count;
  }

  async countCompleted(userId: string): Promise<number> {
    const [{ completed }] = (await this.reports.query(`SELECT count(*)::int AS completed FROM reports WHERE user_id = $1 AND status = 'completed'`, [
      userId,
    ])) as { completed: number }[];
    return completed;
  }

  /** The last 24 hours' failed analyses of a creator: how many, and the worker seconds they used. */
  async failuresInLastDay(userId: string, manager?: EntityManager): Promise<{ count: number; workSeconds: number }> {
    const [row] = (await (manager ?? this.reports.manager).query(
      `SELECT count(*)::int AS count, coalesce(sum(failed_work_seconds), 0)::float8 AS "workSeconds"
         FROM reports WHERE user_id = $1 AND status = 'error' AND created_at > now() - interval '1 day'`,
      [userId],
    )) as { count: number; workSeconds: number }[];
    return row;
  }

  /** 1 for the creator's oldest processing report, 2 for the next…: the report's place in its creator's line. */
  async placeInCreatorsLine(reportId: string): Promise<number> {
    const [row] = (await this.reports.query(
      `SELECT count(*)::int AS ahead FROM reports mine
         JOIN reports other ON other.user_id = mine.user_id AND other.status = 'processing' AND other.created_at < mine.created_at
        WHERE mine.id = $1`,
      [reportId],
    )) as Array<{ ahead: number }>;
    return (row?.ahead ?? 0) + 1;
  }

  /** The latest `samples` completed analyses with a work time, summed, each less `overheadSeconds`. */
  async speedSample(samples: number, overheadSeconds: number): Promise<SpeedSample | undefined> {
    const [row] = (await this.reports.query(
      `SELECT sum(greatest(0, work_seconds - $2)) AS work, sum(duration_seconds) AS video, count(*)::int AS n
         FROM (SELECT work_seconds, duration_seconds FROM reports
                WHERE work_seconds IS NOT NULL AND duration_seconds > 0 ORDER BY analyzed_at DESC LIMIT $1) latest`,
      [samples, overheadSeconds],
    )) as SpeedSample[];
    return row;
  }
}
