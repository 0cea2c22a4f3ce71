import { ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Report } from './report.entity';

export const REPORT_NOT_FOUND = 'Report not found';

/** Only a completed report has analysis data to read: 409 while it runs, and after it failed. */
export function assertAnalysisFinished(report: Report): void {
  if (report.status !== 'completed') {
    throw new ConflictException(report.status === 'error' ? 'This analysis failed; upload the video again.' : 'The analysis is still running.');
  }
}

/**
 * Reads of reports: a creator's list, the samples, a report for a share link already checked. Who may use one report
 * by id is ReportAccess's answer (report-access.ts).
 */
@Injectable()
export class ReportsService {
  constructor(@InjectRepository(Report) private readonly reports: Repository<Report>) {}

  /** One query (the total rides along as a window count) on the (user_id, created_at) index. */
  async listOwned(userId: string, page: number, pageSize: number): Promise<{ reports: Report[]; total: number }> {
    const { entities, raw } = await this.reports
      .createQueryBuilder('r')
      .addSelect('count(*) OVER ()', 'total')
      .where('r.user_id = :userId', { userId })
      .orderBy('r.created_at', 'DESC')
      .addOrderBy('r.id', 'DESC')
      .offset((page - 1) * pageSize)
      .limit(pageSize)
      .getRawAndEntities<{ total: string }>();
    // A page past the end has no rows to carry the total: only then is it counted separately.
    const total = raw.length ? Number(raw[0].total) : page > 1 ? await this.reports.countBy({ userId }) : 0;
    return { reports: entities, total };
  }

  /** Any report by id with its creator, for a share link that was already checked; never for an /api route. */
  findWithCreator(reportId: string): Promise<Report | null> {
    return this.reports.findOne({ where: { id: reportId }, relations: { user: true } });
  }

  listSamples(): Promise<Report[]> {
    return this.reports.find({ where: { isSample: true }, order: { createdAt: 'DESC' } });
  }
}
