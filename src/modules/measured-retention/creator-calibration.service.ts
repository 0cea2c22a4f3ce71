import { Injectable, Logger } from '@nestjs/common';
import type { RetentionCalibration } from '@preflight/shared';
import { calibrateCreator, MAX_VIDEOS, type CalibrationVideo } from '../../analysis/model/calibration';
import { ReportDataStore } from '../reports';
import { MeasuredRetentionRepository } from './measured-retention.repository';

/**
 * A creator's calibration of the retention model, from their measured curves and the metrics their reports keep
 * (the videos themselves are long deleted). Run by the worker before each analysis, so the next prediction uses it.
 */
@Injectable()
export class CreatorCalibrationService {
  private readonly logger = new Logger(CreatorCalibrationService.name);

  constructor(
    private readonly curves: MeasuredRetentionRepository,
    private readonly reportData: ReportDataStore,
  ) {}

  /** The calibration for the creator's next prediction; `except` (the report being analysed) is never its own input. */
  async forCreator(userId: string, except?: string): Promise<RetentionCalibration> {
    const rows = await this.curves.latestOf(userId, MAX_VIDEOS + 1);
    const videos: CalibrationVideo[] = [];
    for (const row of rows) {
      if (row.reportId === except || videos.length >= MAX_VIDEOS) continue;
      try {
        const data = await this.reportData.read(row.reportId);
        videos.push({ id: row.reportId, metrics: data.metrics, platform: data.report_metadata.platform, measured: row.points });
      } catch (error) {
        // A report whose data cannot be read is left out of the calibration, not a reason to fail the analysis.
        this.logger.warn(`calibration of ${userId}: report ${row.reportId} left out (${(error as Error).message})`);
      }
    }
    return calibrateCreator(videos);
  }
}
