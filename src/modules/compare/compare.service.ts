import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { Comparison } from '@preflight/shared';
import { compareReports } from '../../analysis/compare/compare';
import type { Report } from '../reports/report.entity';
import { ReportsService } from '../reports/reports.service';
import { SignedReportReader } from '../reports/signed-report-data';
import type { ShareGrant } from '../share/share.service';

export const SAME_REPORT = 'Pick two different versions to compare.';

/** Compares two of a creator's finished reports (A the reference cut, B the new one) from their stored data. */
@Injectable()
export class CompareService {
  constructor(
    private readonly reports: ReportsService,
    private readonly reader: SignedReportReader,
  ) {}

  /** The caller's two reports, both finished; 404 for either that is not theirs, as for a single report. */
  async ownedPair(userId: string, aId: string, bId: string): Promise<[Report, Report]> {
    if (aId === bId) throw new BadRequestException(SAME_REPORT);
    const pair: [Report, Report] = [await this.reports.findOwned(userId, aId), await this.reports.findOwned(userId, bId)];
    for (const [report, name] of [[pair[0], 'A'], [pair[1], 'B']] as const) {
      if (report.status === 'error') throw new ConflictException(`Version ${name}'s analysis failed; upload it again to compare.`);
      if (report.status !== 'completed') throw new ConflictException(`Version ${name} is still being analysed; compare once it is ready.`);
    }
    return pair;
  }

  /** The comparison as a reader sees it: frame URLs signed for the owner, or for the share link they came through. */
  async compare(a: Report, b: Report, share: ShareGrant | null = null): Promise<Comparison> {
    const [da, db] = await Promise.all([this.reader.read(a, share), this.reader.read(b, share)]);
    return compareReports(
      { reportId: a.id, filename: da.video_info.original_filename, report: da },
      { reportId: b.id, filename: db.video_info.original_filename, report: db },
    );
  }
}
