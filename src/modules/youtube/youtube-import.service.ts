import { BadRequestException, ConflictException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { YoutubeImportBodySchema, youtubeVideoId, type MeasuredRetentionView } from '@preflight/shared';
import { MEASURED_NOT_READY, MeasuredRetentionService } from '../measured-retention';
import { creatorOf, type RequestAuth } from '../auth';
import { ReportAccess } from '../reports';
import { GoogleAccessTokenRejectedError, GoogleApiClient, GoogleRequestError } from './google-api.client';
import { YoutubeConnectionService } from './youtube-connection.service';
import { YOUTUBE_MESSAGES } from './youtube-messages';

/** Days before the report's analysis the retention window opens: a video analysed shortly after posting is covered too. */
const WINDOW_BEFORE_ANALYSIS_DAYS = 30;

/**
 * Measured retention from YouTube: the audience-retention report of the posted video, saved like a CSV import
 * (MeasuredRetentionService.save, the one place a measured curve is stored).
 */
@Injectable()
export class YoutubeImportService {
  constructor(
    private readonly access: ReportAccess,
    private readonly measured: MeasuredRetentionService,
    private readonly connections: YoutubeConnectionService,
    private readonly google: GoogleApiClient,
  ) {}

  async importInto(auth: RequestAuth, reportId: string, body: unknown, today = new Date()): Promise<MeasuredRetentionView> {
    const parsed = YoutubeImportBodySchema.safeParse(body);
    const videoId = parsed.success ? youtubeVideoId(parsed.data.video) : null;
    if (!videoId) throw new BadRequestException(YOUTUBE_MESSAGES.notAVideo);
    // The report is the caller's (404 otherwise) and finished before anything is asked of Google.
    const { report } = await this.access.requireReport(auth, reportId, 'report.write');
    const userId = creatorOf(auth).id;
    if (report.status !== 'completed') throw new ConflictException(MEASURED_NOT_READY);
    const start = new Date(report.createdAt.getTime() - WINDOW_BEFORE_ANALYSIS_DAYS * 86_400_000);
    const rows = await this.connections
      .withAccessToken(userId, (token) => this.google.audienceRetention(token, videoId, isoDate(start), isoDate(today)))
      .catch((error: unknown) => {
        if (error instanceof GoogleRequestError && (error.status === 403 || error.status === 404 || error.status === 400)) throw new BadRequestException(YOUTUBE_MESSAGES.notOnChannel);
        // Refused twice, fresh token included: nothing the creator can do now.
        if (error instanceof GoogleAccessTokenRejectedError || error instanceof GoogleRequestError) throw new ServiceUnavailableException(YOUTUBE_MESSAGES.unreachable);
        throw error;
      });
    if (rows.length < 2) throw new ConflictException(YOUTUBE_MESSAGES.noDataYet);
    // audienceWatchRatio: viewers still watching over those who started (replays can lift it above 1).
    const points = rows.map((r) => ({ t: r.elapsedRatio, retention_pct: Math.round(r.audienceWatchRatio * 10_000) / 100 }));
    return this.measured.save(auth, reportId, { time_unit: 'share', points }, 'youtube');
  }
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
