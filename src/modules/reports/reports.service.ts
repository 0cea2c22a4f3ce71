import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Report } from './report.entity';

export const REPORT_NOT_FOUND = 'Report not found';

/** Reads of reports, always scoped to their owner: another user's report and a missing one look the same (404). */
@Injectable()
export class ReportsService {
  constructor(@InjectRepository(Report) private readonly reports: Repository<Report>) {}

  async findOwned(userId: string, reportId: string): Promise<Report> {
    const report = await this.reports.findOneBy({ id: reportId, userId });
    if (!report) throw new NotFoundException(REPORT_NOT_FOUND);
    return report;
  }

  async listOwned(userId: string, page: number, pageSize: number): Promise<{ reports: Report[]; total: number }> {
    const [reports, total] = await this.reports.findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    return { reports, total };
  }

  listSamples(): Promise<Report[]> {
    return this.reports.find({ where: { isSample: true }, order: { createdAt: 'DESC' } });
  }
}
