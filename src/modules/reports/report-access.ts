import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AUTH_REQUIRED, type RequestAuth, type ShareGrant } from '../auth';
import { Report } from './report.entity';
import { REPORT_NOT_FOUND } from './reports.service';

/**
 * What a caller wants to do with a report:
 * - `report.read`: open its analysis (the data file, the server-rendered report page);
 * - `report.pdf`: download its PDF;
 * - `report.manage`: the owner's own views of it (the report row, status, dashboard, analytics, its share links, a
 *   comparison with another cut);
 * - `report.markers`: export its issue markers for an editor;
 * - `report.write`: change it (re-analyse, share or revoke, measured retention, a YouTube import).
 */
export type ReportPermission = 'report.read' | 'report.pdf' | 'report.manage' | 'report.markers' | 'report.write';

interface Rule {
  /** Whether the public sample reports allow it to anyone, signed in or not. */
  sample: boolean;
  /** Whether a live share link of the report (not a comparison link) allows it; null: the owner only. */
  share: ((grant: ShareGrant) => boolean) | null;
  /**
   * The answer to a caller who presented nothing at all: 401 asks them to sign in; 404 says nothing, not even that the
   * report exists (the PDF route, which someone holding only a report id might try).
   */
  nobody: 401 | 404;
}

/** Who may do what with a report, in one table: the owner everything; others only what is listed here. */
const RULES: Record<ReportPermission, Rule> = {
  'report.read': { sample: true, share: () => true, nobody: 401 },
  'report.pdf': { sample: true, share: (grant) => grant.allowDownload, nobody: 404 },
  'report.manage': { sample: false, share: null, nobody: 401 },
  'report.markers': { sample: false, share: null, nobody: 401 },
  'report.write': { sample: false, share: null, nobody: 401 },
};

/** A report its caller may use, and the share link they came through (null for the owner and sample reports). */
export interface ReportGrant {
  report: Report;
  share: ShareGrant | null;
}

const notFound = () => new NotFoundException(REPORT_NOT_FOUND);

/**
 * The one answer to "may this caller do this with this report?", for every route that touches a report by id. The
 * caller is `req.auth` as the auth guard found it (a refused credential never gets this far: 401 there). Unknown and
 * not-yours both answer 404, so nothing tells an outsider which ids exist.
 */
@Injectable()
export class ReportAccess {
  constructor(@InjectRepository(Report) private readonly reports: Repository<Report>) {}

  async requireReport(auth: RequestAuth, reportId: string, permission: ReportPermission): Promise<ReportGrant> {
    const rule = RULES[permission];
    const report = await this.reports.findOneBy({ id: reportId });
    if (report?.isSample && rule.sample) return { report, share: null };
    refuseNobody(auth, rule);
    if (!report) throw notFound();
    if (auth.user && report.userId === auth.user.id) return { report, share: null };
    const share = auth.share;
    // A comparison link opens the comparison (requirePair), not either report on its own.
    if (rule.share && share?.reportId === report.id && share.compareReportId === null && rule.share(share)) return { report, share };
    throw notFound();
  }

  /**
   * Two reports used together (a comparison of cut A and cut B): both the caller's, or a live comparison link of
   * exactly this pair (where the permission allows a link). The sample reports are never compared.
   */
  async requirePair(auth: RequestAuth, aId: string, bId: string, permission: ReportPermission): Promise<{ a: Report; b: Report; share: ShareGrant | null }> {
    const rule = RULES[permission];
    refuseNobody(auth, rule);
    const [a, b] = await Promise.all([this.reports.findOneBy({ id: aId }), this.reports.findOneBy({ id: bId })]);
    if (!a || !b || a.id === b.id) throw notFound();
    if (auth.user && a.userId === auth.user.id && b.userId === auth.user.id) return { a, b, share: null };
    const share = auth.share;
    if (rule.share && share?.reportId === a.id && share.compareReportId === b.id && rule.share(share)) return { a, b, share };
    throw notFound();
  }
}

/** Nobody at all (no credential, no share token): 401 or 404 as the permission says. */
function refuseNobody(auth: RequestAuth, rule: Rule): void {
  if (auth.how !== 'anonymous') return;
  throw rule.nobody === 401 ? new UnauthorizedException(AUTH_REQUIRED) : notFound();
}
