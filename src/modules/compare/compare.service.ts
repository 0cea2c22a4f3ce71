import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { SHARE_LINK_DEFAULT_DAYS, type Comparison } from '@preflight/shared';
import { compareReports } from '../../analysis/compare/compare';
import type { RequestAuth, ShareGrant } from '../auth';
import { ReportAccess, ReportsService, SignedReportReader, fileNameOnly, ShareService } from '../reports';
import type { Report } from '../reports';
import { ManagedShareLinkDto, ShareLinkCreatedDto, ShareLinkDto, type ShareSettingsDto } from '../share';
import type { SharedComparisonDto } from './compare.dto';

export const SAME_REPORT = 'Pick two different versions to compare.';
/** Like a shared report's: the same answer whatever is wrong with the token, so nobody learns which. */
export const SHARED_COMPARISON_UNAVAILABLE = 'Failed to load comparison. The link may have expired or be invalid.';

/** Compares two of a creator's finished reports (A the reference cut, B the new one) from their stored data. */
@Injectable()
export class CompareService {
  constructor(
    private readonly reports: ReportsService,
    private readonly access: ReportAccess,
    private readonly reader: SignedReportReader,
    private readonly shares: ShareService,
  ) {}

  /** The caller's two reports, both finished; 404 for either that is not theirs, as for a single report. */
  async ownedPair(auth: RequestAuth, aId: string, bId: string): Promise<[Report, Report]> {
    const pair = await this.ownedReports(auth, aId, bId);
    // `reason` tells the page which cut to wait for (or to replace) without parsing the message.
    for (const [report, name] of [[pair[0], 'A'], [pair[1], 'B']] as const) {
      const cut = name.toLowerCase();
      if (report.status === 'error') throw new ConflictException({ message: `Version ${name}'s analysis failed; upload it again to compare.`, reason: `${cut}_failed` });
      if (report.status !== 'completed') throw new ConflictException({ message: `Version ${name} is still being analysed; compare once it is ready.`, reason: `${cut}_analysing` });
    }
    return pair;
  }

  /** The comparison as a reader sees it: frame URLs signed for the owner, or for the share link they came through. */
  async compare(a: Report, b: Report, share: ShareGrant | null = null): Promise<Comparison> {
    const [da, db] = await Promise.all([this.reader.read(a, share), this.reader.read(b, share)]);
    const comparison = compareReports(
      { reportId: a.id, filename: da.video_info.original_filename, report: da },
      { reportId: b.id, filename: db.video_info.original_filename, report: db },
    );
    if (share && !share.showSensitiveData) {
      for (const side of [comparison.a, comparison.b]) side.filename = fileNameOnly(side.filename);
    }
    return comparison;
  }

  /** A link that opens this comparison (and only it) to anyone who holds it, for 7 days unless asked otherwise. */
  async createShare(auth: RequestAuth, aId: string, bId: string, settings: ShareSettingsDto = {}): Promise<ShareLinkCreatedDto> {
    const [a, b] = await this.ownedPair(auth, aId, bId);
    const { token, link } = await this.shares.create(a.id, {
      compareReportId: b.id,
      allowDownload: settings.allow_download ?? true,
      showSensitiveData: settings.show_sensitive_data ?? false,
      expirationDays: settings.expiration_days ?? SHARE_LINK_DEFAULT_DAYS,
    });
    return { ...ShareLinkDto.from(link), token, shareToken: token };
  }

  /** Two different reports of this creator (404 for another's, like a missing one), finished or not. */
  private async ownedReports(auth: RequestAuth, aId: string, bId: string): Promise<[Report, Report]> {
    if (aId.toLowerCase() === bId.toLowerCase()) throw new BadRequestException(SAME_REPORT);
    const own = async (id: string) => (await this.access.requireReport(auth, id, 'report.manage')).report;
    return [await own(aId), await own(bId)];
  }

  /** The comparison's live links (either order of the cuts), for its Share dialog: copy any, revoke any. */
  async listShares(auth: RequestAuth, aId: string, bId: string): Promise<ManagedShareLinkDto[]> {
    const [a, b] = await this.ownedReports(auth, aId, bId);
    return (await this.shares.listActiveComparison(a.id, b.id)).map((link) => ({ ...ShareLinkDto.from(link), token: this.shares.tokenOf(link) }));
  }

  async revokeShare(auth: RequestAuth, aId: string, bId: string, linkId: string): Promise<void> {
    const [a, b] = await this.ownedReports(auth, aId, bId);
    await this.shares.revokeComparison(a.id, b.id, linkId);
  }

  /** The two reports a comparison link opens, both still there and finished; 404 for anything else. */
  async sharedPair(token: string | undefined): Promise<{ a: Report; b: Report; share: ShareGrant }> {
    const share = await this.shares.resolve(token);
    const [a, b] = share?.compareReportId
      ? await Promise.all([this.reports.findWithCreator(share.reportId), this.reports.findWithCreator(share.compareReportId)])
      : [null, null];
    if (!share || !a || !b || a.status !== 'completed' || b.status !== 'completed') throw new NotFoundException(SHARED_COMPARISON_UNAVAILABLE);
    return { a, b, share };
  }

  /** The shared comparison for a browser that opens the link: one more open of it (listed to its creator). */
  async openShared(token: string): Promise<SharedComparisonDto> {
    const { a, b, share } = await this.sharedPair(token);
    const comparison = await this.compare(a, b, share).catch(() => {
      throw new NotFoundException(SHARED_COMPARISON_UNAVAILABLE);
    });
    await this.shares.recordOpen(share.linkId);
    return {
      created_at: share.createdAt.toISOString(),
      expires_at: share.expiresAt.toISOString(),
      allow_download: share.allowDownload,
      comparison,
    };
  }
}
