import { Injectable } from '@nestjs/common';
import type { ServedReport } from '@preflight/shared';
import { Clock } from '../../common/clock';
import { UrlSigner } from '../../common/url-signer';
import { redactReportData } from './share-redaction';
import type { ShareGrant } from './share.service';
import { ReportDataStore } from './report-data.store';
import type { Report } from './report.entity';

/** Long enough for a report left open in a tab; short enough that a leaked link dies soon. */
export const FRAME_URL_TTL_S = 6 * 3600;

/**
 * report.json as served: every frame path turned into a signed URL, and whether the frames are already deleted. The
 * contract's ServedReport (@preflight/shared): the schema the OpenAPI document, the SDK and the web app use.
 */
export type SignedReportData = ServedReport;

/**
 * The one way report.json leaves the server, for the owner (/reports/{id}_data/report.json) and for a share link
 * (the same route with a share token, and /public/prevention/share/{token}). For a share, frame URLs are signed for
 * that link (refused once it is revoked), never outlive it, and folder names leave the filename unless the creator
 * allowed sensitive data.
 */
@Injectable()
export class SignedReportReader {
  constructor(
    private readonly data: ReportDataStore,
    private readonly signer: UrlSigner,
    private readonly clock: Clock,
  ) {}

  async read(report: Report, share: ShareGrant | null): Promise<SignedReportData> {
    const now = this.clock.now().getTime();
    const data = await this.data.read(report.id);
    const ttl = share ? Math.min(FRAME_URL_TTL_S, Math.floor((share.expiresAt.getTime() - now) / 1000)) : FRAME_URL_TTL_S;
    const sign = (relative: string) => this.signer.sign(`/reports/${report.id}_data/${relative}`, Math.max(ttl, 1), now, share?.linkId);
    const signed: SignedReportData = {
      ...data,
      detailed_analysis: data.detailed_analysis.map((item) => (item.frame_image_path ? { ...item, thumbnail_url: sign(item.frame_image_path) } : item)),
      predictive_frames: data.predictive_frames.map((frame) => ({ ...frame, thumbnail_url: sign(frame.frame_image_path) })),
      frames: data.frames.map((frame) => ({ ...frame, url: sign(frame.path) })),
      frames_expired: report.framesDeletedAt !== null,
    };
    return share && !share.showSensitiveData ? redactReportData(signed) : signed;
  }
}
