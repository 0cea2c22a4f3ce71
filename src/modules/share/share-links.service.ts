import { SHARE_LINK_DEFAULT_DAYS } from '@preflight/shared';
import { WebhooksService } from '../webhooks';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { MeasuredRetentionService } from '../measured-retention';
import type { RequestAuth } from '../auth';
import { ReportAccess, ReportsService, SignedReportReader, fileNameOnly, ShareService } from '../reports';
import { CreateShareLinkDto, ManagedShareLinkDto, ShareLinkCreatedDto, ShareLinkDto, SharedReportDto } from './share.dto';

/**
 * The one answer to every token that does not open a report: unknown, revoked, expired, malformed, or a report that
 * is gone. Same status, same message (docs/product.md, Shared report), so nobody can learn which.
 */
export const SHARED_REPORT_UNAVAILABLE = 'Failed to load report. The link may have expired or be invalid.';

/** The share routes: a creator's links of their own report, and the report as a link's holder sees it. */
@Injectable()
export class ShareLinksService {
  constructor(
    private readonly reports: ReportsService,
    private readonly access: ReportAccess,
    private readonly shares: ShareService,
    private readonly reader: SignedReportReader,
    private readonly webhooks: WebhooksService,
    private readonly measured: MeasuredRetentionService,
  ) {}

  async create(auth: RequestAuth, reportId: string, body: CreateShareLinkDto): Promise<ShareLinkCreatedDto> {
    // null is "not sent", as @IsOptional() lets it through (report_id: null was a 500 on null.toLowerCase()).
    if (body.report_id != null && body.report_id.toLowerCase() !== reportId.toLowerCase()) {
      throw new BadRequestException('report_id does not match the report in the path');
    }
    const { report } = await this.access.requireReport(auth, reportId, 'report.write');
    if (report.status !== 'completed') {
      throw new ConflictException('This report can be shared once its analysis has finished.');
    }
    const settings = body.share_settings ?? {};
    const { token, link } = await this.shares.create(report.id, {
      allowDownload: settings.allow_download ?? true,
      showSensitiveData: settings.show_sensitive_data ?? false,
      expirationDays: settings.expiration_days ?? SHARE_LINK_DEFAULT_DAYS,
    });
    return { ...ShareLinkDto.from(link), token, shareToken: token };
  }

  async list(auth: RequestAuth, reportId: string): Promise<ManagedShareLinkDto[]> {
    const { report } = await this.access.requireReport(auth, reportId, 'report.manage');
    return (await this.shares.listActive(report.id)).map((link) => ({ ...ShareLinkDto.from(link), token: this.shares.tokenOf(link) }));
  }

  async revoke(auth: RequestAuth, reportId: string, linkId: string): Promise<void> {
    const { report } = await this.access.requireReport(auth, reportId, 'report.write');
    await this.shares.revoke(report.id, linkId);
  }

  /**
   * The shared report for a browser that opens the link: counted as one open. A view reads it once: rendered on the
   * server (SharedPageRenderer), or, when the page is not rendered there, by the app's data request (preloaded).
   */
  async openSharedCounted(token: string): Promise<SharedReportDto & { link_id: string }> {
    const shared = await this.openShared(token);
    await this.shares.recordOpen(shared.link_id);
    return shared;
  }

  async openShared(token: string): Promise<SharedReportDto & { link_id: string }> {
    const share = await this.shares.resolve(token);
    const report = share && (await this.reports.findWithCreator(share.reportId));
    if (!share || share.compareReportId !== null || !report || report.status !== 'completed') {
      throw new NotFoundException(SHARED_REPORT_UNAVAILABLE);
    }
    const data = await this.reader.read(report, share).catch(() => {
      throw new NotFoundException(SHARED_REPORT_UNAVAILABLE);
    });
    const sensitive = share.showSensitiveData;
    // Not awaited: the reader's page does not wait for the creator's webhook (emit never throws).
    void this.webhooks.emit(report.userId, 'share.opened', { report_id: report.id, share_link_id: share.linkId, opened_at: new Date().toISOString() });
    return {
      link_id: share.linkId,
      report_id: report.id,
      created_at: share.createdAt.toISOString(),
      expires_at: share.expiresAt.toISOString(),
      analyzed_at: report.analyzedAt?.toISOString() ?? null,
      filename: sensitive ? report.originalFilename : fileNameOnly(report.originalFilename),
      creator: sensitive && report.user ? { name: report.user.displayName, email: report.user.email } : null,
      allow_download: share.allowDownload,
      show_sensitive_data: sensitive,
      report: data,
      measured_retention: await this.measured.viewForReport(data, report.id),
    };
  }
}
