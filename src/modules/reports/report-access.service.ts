import { Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiKeysService } from '../api-keys';
import { presentedCredential, TokenVerifier, type Authentication } from '../auth';
import { ShareService, type ShareGrant } from './share.service';
import { UsersService } from '../users';
import { Report } from './report.entity';
import { REPORT_NOT_FOUND } from './reports.service';

export interface ReportCredentials {
  authorization?: string;
  /** An API key in X-API-Key (a key may also come as `Authorization: Bearer pf_…`); any scope may read. */
  apiKey?: string;
  /** The bearer token already verified by the caller (a server-rendered page): not verified a second time. */
  authentication?: Authentication;
  shareToken?: string;
}

/** A report its reader may see, and the share link they came through (null for the owner and sample reports). */
export interface ReportAccess {
  report: Report;
  share: ShareGrant | null;
}

/** Who a request is, for reading reports: nobody, a refused credential, or a creator (by token or API key). */
type Reader = { kind: 'none' } | { kind: 'invalid' } | { kind: 'creator'; userId: string | null };

/**
 * Who may read a report's data file: its owner (bearer token or API key), anyone holding a live share link of it, and anyone
 * for the public sample reports. Everyone else gets 404, or 401 when they presented nothing at all.
 */
@Injectable()
export class ReportAccessService {
  constructor(
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    private readonly verifier: TokenVerifier,
    private readonly users: UsersService,
    private readonly shares: ShareService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  /** The caller behind the credentials; a key of either scope reads (reading is what `read` allows). */
  private async reader(credentials: ReportCredentials): Promise<Reader> {
    if (credentials.authentication) return this.fromFirebase(credentials.authentication);
    const presented = presentedCredential({ authorization: credentials.authorization, 'x-api-key': credentials.apiKey });
    if (presented.kind === 'none') return credentials.authorization ? { kind: 'invalid' } : { kind: 'none' };
    if (presented.kind === 'key') {
      const auth = await this.apiKeys.authenticate(presented.key, undefined);
      return auth.kind === 'verified' ? { kind: 'creator', userId: auth.user.id } : { kind: 'invalid' };
    }
    return this.fromFirebase(await this.verifier.authenticate(presented.authorization));
  }

  private async fromFirebase(auth: Authentication): Promise<Reader> {
    if (auth.kind === 'none') return { kind: 'none' };
    if (auth.kind === 'invalid') return { kind: 'invalid' };
    return { kind: 'creator', userId: (await this.users.findByFirebaseUid(auth.identity.uid))?.id ?? null };
  }

  /**
   * Two reports read together (a comparison of cut A and cut B): both the caller's (bearer), or a live comparison
   * link of exactly this pair. 401 for bad or missing credentials as for one report, 404 for everything else.
   */
  async resolvePair(aId: string, bId: string, credentials: ReportCredentials): Promise<{ a: Report; b: Report; share: ShareGrant | null }> {
    const reader = await this.reader(credentials);
    if (reader.kind === 'none' && !credentials.shareToken) throw new UnauthorizedException('Authentication required');
    if (reader.kind === 'invalid') throw new UnauthorizedException('Invalid or expired authentication token');
    const [a, b] = await Promise.all([this.reports.findOneBy({ id: aId }), this.reports.findOneBy({ id: bId })]);
    if (!a || !b || a.id === b.id) throw new NotFoundException(REPORT_NOT_FOUND);
    if (reader.kind === 'creator' && reader.userId && a.userId === reader.userId && b.userId === reader.userId) return { a, b, share: null };
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
    const reader = await this.reader(credentials);
    const shareToken = credentials.shareToken;
    if (reader.kind === 'none' && !shareToken) throw new UnauthorizedException('Authentication required');

    // The token is judged before the report is looked at, so a bad token answers 401 whether or not the report
    // exists, and unknown and not-yours both answer 404: nothing tells an outsider which ids exist.
    if (reader.kind === 'invalid') throw new UnauthorizedException('Invalid or expired authentication token');
    if (!report) throw new NotFoundException(REPORT_NOT_FOUND);
    if (reader.kind === 'creator' && reader.userId && report.userId === reader.userId) return { report, share: null };
    const share = await this.shares.resolve(shareToken);
    // A comparison link opens the comparison (CompareService), not either report on its own.
    if (share?.reportId === report.id && share.compareReportId === null) return { report, share };
    throw new NotFoundException(REPORT_NOT_FOUND);
  }
}
