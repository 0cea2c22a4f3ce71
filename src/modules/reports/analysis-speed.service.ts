import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ANALYSIS_OVERHEAD_SECONDS, DEFAULT_SECONDS_PER_VIDEO_SECOND } from '@preflight/shared';
import { Report } from './report.entity';

/** How many of the latest completed analyses make the measure: enough to smooth one slow run, few enough to follow load. */
export const SPEED_SAMPLES = 20;
/** The measure is read again at most this often per process: the status is polled every 5 s by every open page. */
const CACHE_MS = 30_000;

/**
 * This server's measured speed: worker seconds per second of video over its latest completed analyses (each row keeps
 * its work_seconds), less the fixed overhead every analysis has (the time-left rule adds it back once). The default
 * until one analysis has completed. The time-left rule itself is @preflight/shared's analysisSecondsLeft.
 */
@Injectable()
export class AnalysisSpeedService {
  private cached: { value: number; at: number } | null = null;

  constructor(@InjectRepository(Report) private readonly reports: Repository<Report>) {}

  async secondsPerVideoSecond(now = Date.now()): Promise<number> {
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.value;
    const [row] = await this.reports.query(
      `SELECT sum(greatest(0, work_seconds - $2)) AS work, sum(duration_seconds) AS video, count(*)::int AS n
         FROM (SELECT work_seconds, duration_seconds FROM reports
                WHERE work_seconds IS NOT NULL AND duration_seconds > 0 ORDER BY analyzed_at DESC LIMIT $1) latest`,
      [SPEED_SAMPLES, ANALYSIS_OVERHEAD_SECONDS],
    );
    const work = Number(row?.work);
    const video = Number(row?.video);
    if (!(row?.n > 0 && video > 0 && work > 0)) return DEFAULT_SECONDS_PER_VIDEO_SECOND; // not cached: the first measure counts at once
    this.cached = { value: work / video, at: now };
    return this.cached.value;
  }
}
