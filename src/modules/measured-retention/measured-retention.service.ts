import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  compareWithReport,
  measuredCurveFromBody,
  MeasuredCsvError,
  measuredInSeconds,
  MeasuredRetentionBodySchema,
  type MeasuredRetentionView,
  type Report as AnalysisReport,
} from '@preflight/shared';
import type { Repository } from 'typeorm';
import { creatorOf, type RequestAuth } from '../auth';
import { ReportAccess, ReportDataStore } from '../reports';
import { MeasuredRetention } from './measured-retention.entity';

export const MEASURED_NOT_READY = 'The analysis has not finished: add the measured retention once the report is ready.';

/** A creator's measured curves: stored against their own reports only, and compared with the report's prediction. */
@Injectable()
export class MeasuredRetentionService {
  constructor(
    @InjectRepository(MeasuredRetention) private readonly curves: Repository<MeasuredRetention>,
    private readonly access: ReportAccess,
    private readonly reportData: ReportDataStore,
  ) {}

  /**
   * Stores (or replaces) the report's measured curve from CSV text or JSON points; 400 with the reason otherwise. The one
   * place a measured curve is saved: the YouTube import hands its points here too (`from: 'youtube'`).
   */
  async save(auth: RequestAuth, reportId: string, body: unknown, from?: 'youtube'): Promise<MeasuredRetentionView> {
    const parsed = MeasuredRetentionBodySchema.safeParse(body);
    if (!parsed.success) throw new BadRequestException(bodyMessage(parsed.error.issues));
    const { report } = await this.access.requireReport(auth, reportId, 'report.write');
    const userId = creatorOf(auth).id;
    if (report.status !== 'completed') throw new ConflictException(MEASURED_NOT_READY);
    const data = await this.reportData.read(reportId);
    let points;
    try {
      points = measuredInSeconds(measuredCurveFromBody(parsed.data), data.video_info.duration_seconds);
    } catch (error) {
      if (error instanceof MeasuredCsvError) throw new BadRequestException(error.message);
      throw error;
    }
    await this.curves.upsert({ reportId, userId, source: from ?? ('csv' in parsed.data ? 'csv' : 'json'), points }, ['reportId']);
    const row = await this.curves.findOneByOrFail({ reportId });
    return viewOf(data, row);
  }

  /** The owner's view: the comparison, or `measured: null` when no curve was added. */
  async view(auth: RequestAuth, reportId: string): Promise<MeasuredRetentionView> {
    const { report } = await this.access.requireReport(auth, reportId, 'report.manage');
    const row = await this.curves.findOneBy({ reportId });
    if (!row || report.status !== 'completed') return { measured: null };
    return viewOf(await this.reportData.read(reportId), row);
  }

  /** The view for a reader who already holds the report (a share link, the PDF). */
  async viewForReport(data: ComparedReport, reportId: string): Promise<MeasuredRetentionView> {
    const row = await this.curves.findOneBy({ reportId });
    return row ? viewOf(data, row) : { measured: null };
  }

  /** How many of the creator's reports have a measured curve (the calibration needs MIN_VIDEOS). */
  async measuredCount(userId: string): Promise<number> {
    return this.curves.countBy({ userId });
  }

  /** Deletes the report's measured curve (404 when there is none). */
  async remove(auth: RequestAuth, reportId: string): Promise<void> {
    await this.access.requireReport(auth, reportId, 'report.write');
    const { affected } = await this.curves.delete({ reportId, userId: creatorOf(auth).id });
    if (!affected) throw new NotFoundException('This report has no measured retention.');
  }
}

/** The parts of a report (stored or served) the comparison reads. */
type ComparedReport = Pick<AnalysisReport, 'retention_curve' | 'drop_offs' | 'viral_hook' | 'video_info'>;

function viewOf(data: ComparedReport, row: MeasuredRetention): MeasuredRetentionView {
  return { measured: { source: row.source, added_at: row.updatedAt.toISOString(), comparison: compareWithReport(data, row.points) } };
}

/** The body's first problem, in words (the two accepted shapes named when neither fits). */
function bodyMessage(issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code: string }>): string {
  const first = issues[0];
  if (!first || first.code === 'invalid_union') {
    return 'Send the measured retention as { "csv": "<the file\'s text>" } or { "time_unit": "seconds" | "share", "points": [{ "t": 0, "retention_pct": 100 }, …] }.';
  }
  return `${first.path.join('.') || 'body'}: ${first.message}`;
}
