import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, MoreThan, type Repository } from 'typeorm';
import { Clock } from '../../common/clock';
import type { ShareGrant, ShareGrants } from '../auth';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ShareLink } from './share-link.entity';
import { hashShareToken, SHARE_TOKEN_PATTERN, shareTokenFor } from './share-token';

const DAY_MS = 24 * 3600 * 1000;
export const SHARE_LINK_NOT_FOUND = 'Share link not found';

export type { ShareGrant };

export interface NewShareLink {
  /** Cut B of a comparison link (the link's report is cut A). */
  compareReportId?: string;
  allowDownload: boolean;
  showSensitiveData: boolean;
  expirationDays: number;
}

/**
 * The one share mechanism: links of a report, stored hashed, and the check of a presented token. It does not know who
 * owns a report: callers that act for a creator (ShareLinksService) check ownership first. Every read of the clock goes
 * through Clock, so an expiry is tested by moving time, not by waiting.
 */
@Injectable()
export class ShareService implements ShareGrants {
  constructor(
    @InjectRepository(ShareLink) private readonly links: Repository<ShareLink>,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A new link; its token is derived from its id and the server's secret (never stored, only its hash). */
  async create(reportId: string, settings: NewShareLink): Promise<{ token: string; link: ShareLink }> {
    const id = randomUUID();
    const token = shareTokenFor(this.config.urlSigningSecret, id);
    const createdAt = this.clock.now();
    const link = await this.links.save(
      this.links.create({
        id,
        reportId,
        compareReportId: settings.compareReportId ?? null,
        tokenHash: hashShareToken(token),
        allowDownload: settings.allowDownload,
        showSensitiveData: settings.showSensitiveData,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + settings.expirationDays * DAY_MS),
        revokedAt: null,
        openCount: 0,
        lastOpenedAt: null,
      }),
    );
    return { token, link };
  }

  /**
   * The token of a link, for copying it again: derived from its id, and checked against the stored hash (null for a
   * link made with a random token before, or after the server's secret changed: that link still works, but only the
   * copy its creator kept can open it).
   */
  tokenOf(link: ShareLink): string | null {
    const token = shareTokenFor(this.config.urlSigningSecret, link.id);
    return hashShareToken(token) === link.tokenHash ? token : null;
  }

  /** One more open of a link's shared page, and when (a single UPDATE: concurrent opens all count). */
  async recordOpen(linkId: string): Promise<void> {
    await this.links
      .createQueryBuilder()
      .update()
      .set({ openCount: () => 'open_count + 1', lastOpenedAt: this.clock.now() })
      .where('id = :linkId', { linkId })
      .execute();
  }

  /** How many live links each of these reports has (a link of one report or a comparison with it as cut A). */
  async liveCounts(reportIds: string[]): Promise<Map<string, number>> {
    if (!reportIds.length) return new Map();
    const rows: { report_id: string; live: string }[] = await this.links
      .createQueryBuilder('l')
      .select('l.report_id', 'report_id')
      .addSelect('COUNT(*)', 'live')
      .where('l.report_id IN (:...reportIds)', { reportIds })
      .andWhere('l.revoked_at IS NULL')
      .andWhere('l.expires_at > :now', { now: this.clock.now() })
      .andWhere('l.compare_report_id IS NULL')
      .groupBy('l.report_id')
      .getRawMany();
    return new Map(rows.map((r) => [r.report_id, Number(r.live)]));
  }

  /** The report's links that still open it (not its comparison links), newest first. */
  listActive(reportId: string): Promise<ShareLink[]> {
    return this.links.find({
      where: { reportId, compareReportId: IsNull(), revokedAt: IsNull(), expiresAt: MoreThan(this.clock.now()) },
      order: { createdAt: 'DESC' },
    });
  }

  /** The live links of a comparison of these two cuts, in either order (the creator may swap A and B), newest first. */
  listActiveComparison(a: string, b: string): Promise<ShareLink[]> {
    const live = { revokedAt: IsNull(), expiresAt: MoreThan(this.clock.now()) };
    return this.links.find({
      where: [
        { reportId: a, compareReportId: b, ...live },
        { reportId: b, compareReportId: a, ...live },
      ],
      order: { createdAt: 'DESC' },
    });
  }

  /** Revokes one link of the comparison of these two cuts (either order); 404 for any other link or one already revoked. */
  async revokeComparison(a: string, b: string, linkId: string): Promise<void> {
    const now = this.clock.now();
    const [first, second] = await Promise.all([
      this.links.update({ id: linkId, reportId: a, compareReportId: b, revokedAt: IsNull() }, { revokedAt: now }),
      this.links.update({ id: linkId, reportId: b, compareReportId: a, revokedAt: IsNull() }, { revokedAt: now }),
    ]);
    if (!first.affected && !second.affected) throw new NotFoundException(SHARE_LINK_NOT_FOUND);
  }

  /** Revokes one link of the report at once; 404 for a link of another report or one already revoked. */
  async revoke(reportId: string, linkId: string): Promise<void> {
    const result = await this.links.update({ id: linkId, reportId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
    if (!result.affected) throw new NotFoundException(SHARE_LINK_NOT_FOUND);
  }

  /** The grant of a token that is known, not revoked and not expired; null for anything else, whatever the reason. */
  async resolve(token: string | undefined | null): Promise<ShareGrant | null> {
    if (typeof token !== 'string' || !SHARE_TOKEN_PATTERN.test(token)) return null;
    const link = await this.links.findOneBy({ tokenHash: hashShareToken(token) });
    return link && this.isLive(link) ? grantOf(link) : null;
  }

  /** Whether a link (by id) still opens its report: frame URLs signed for a share check this on every image. */
  async isActive(linkId: string): Promise<boolean> {
    const link = await this.links.findOneBy({ id: linkId });
    return link !== null && this.isLive(link);
  }

  private isLive(link: ShareLink): boolean {
    return link.revokedAt === null && link.expiresAt.getTime() > this.clock.now().getTime();
  }
}

function grantOf(link: ShareLink): ShareGrant {
  return {
    linkId: link.id,
    reportId: link.reportId,
    compareReportId: link.compareReportId,
    allowDownload: link.allowDownload,
    showSensitiveData: link.showSensitiveData,
    createdAt: link.createdAt,
    expiresAt: link.expiresAt,
  };
}
