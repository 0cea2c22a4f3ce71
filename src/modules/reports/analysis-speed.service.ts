import { Injectable } from '@nestjs/common';
import { ANALYSIS_OVERHEAD_SECONDS, DEFAULT_SECONDS_PER_VIDEO_SECOND } from '@preflight/shared';
import { ReportsRepository } from './reports.repository';

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

  constructor(private readonly reports: ReportsRepository) {}

  async secondsPerVideoSecond(now = Date.now()): Promise<number> {
    if (this.cached && now - this.cached.at < CACHE_MS) return this.cached.value;
    const row = await this.reports.speedSample(SPEED_SAMPLES, ANALYSIS_OVERHEAD_SECONDS);
    const work = Number(row?.work);
    const video = Number(row?.video);
    if (!((row?.n ?? 0) > 0 && video > 0 && work > 0)) return DEFAULT_SECONDS_PER_VIDEO_SECOND; // not cached: the first measure counts at once
    this.cached = { value: work / video, at: now };
    return this.cached.value;
  }
}
