import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { TokenVerifier, type Authentication } from '../auth/token-verifier';
import { ShareService, type ShareGrant } from '../share/share.service';
import { UsersService } from '../users/users.service';
import { Report } from './report.entity';
import { REPORT_NOT_FOUND } from './reports.service';

export interface ReportCredentials {
  authorization?: string;
  /** The bearer token already verified by the caller (a server-rendered page): not verified a second time. */
  authentication?: Authentication;
  shareToken?: string;
}

/** A report its reader may see, and the share link they came through (null for the owner and sample reports). */
export interface ReportAccess {
  report: Report;
  share: ShareGrant | null;
}

/**
 * Who may read a report's data file: its owner (bearer token), anyone holding a live share link of it, and anyone
 * for the public sample reports. Everyone else gets 404, or 401 when they presented nothing at all.
 */
@Injectable()
export class ReportAccessService {
  constructor(
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    private readonly verifier: TokenVerifier,
    private readonly users: UsersService,
    private readonly shares: ShareService,
  ) {}

  /**
   * Two reports read together (a comparison of cut A and cut B): both the caller's (bearer), or a live comparison
   * link of exactly this pair. 401 for bad or missing credentials as for one report, 404 for everything else.
   */
  async resolvePair(aId: string, bId: string, credentials: ReportCredentials): Promise<{ a: Report; b: Report; share: ShareGrant | null }> {
    const auth = await this.verifier.authenticate(credentials.authorization);
    if (auth.kind === 'none' && !credentials.shareToken) throw new UnauthorizedException('Authentication required');
    if (auth.kind === 'invalid') throw new UnauthorizedException('Invalid or expired authentication token');
    const [a, b] = await Promise.all([this.reports.findOneBy({ id: aId }), this.reports.findOneBy({ id: bId })]);
    if (!a || !b || a.id === b.id) throw new NotFoundException(REPORT_NOT_FOUND);
    if (auth.kind === 'verified') {
      const user = await this.users.findByFirebaseUid(auth.identity.uid);
      if (user && a.userId === user.id && b.userId === user.id) return { a, b, share: null };
    }
    const share = await this.shares.resolve(credentials.shareToken);
    if (share?.reportId === a.id && share.compareReportId === b.id) return { a, b, share };
    throw new NotFoundException(REPORT_NOT_FOUND);
  }

  async resolve(reportId: string, credentials: ReportCredentials): Promise<Report> {
    return (await this.resolveAccess(reportId, credentials)).report;
  }

  async resolveAccess(reportId: string, credentials: ReportCredentials): Promise<ReportAccess> {
    const report = await this.reports.findOneBy({ id: reportId });
    if (report?.isSample) return { report, share: null };
    const auth = credentials.authentication ?? (await this.verifier.authenticate(credentials.authorization));
    const shareToken = credentials.shareToken;
    if (auth.kind === 'none' && !shareToken) throw new UnauthorizedException('Authentication required');

    // The token is judged before the report is looked at, so a bad token answers 401 whether or not the report
    // exists, and unknown and not-yours both answer 404: nothing tells an outsider which ids exist.
    if (auth.kind === 'invalid') throw new UnauthorizedException('Invalid or expired authentication token');
    const identity = auth.kind === 'verified' ? auth.identity : null;
    if (!report) throw new NotFoundException(REPORT_NOT_FOUND);
    if (identity) {
      const user = await this.users.findByFirebaseUid(identity.uid);
      if (user && report.userId === user.id) return { report, share: null };
    }
    const share = await this.shares.resolve(shareToken);
    // A comparison link opens the comparison (CompareService), not either report on its own.
    if (share?.reportId === report.id && share.compareReportId === null) return { report, share };
    throw new NotFoundException(REPORT_NOT_FOUND);
  }
}
