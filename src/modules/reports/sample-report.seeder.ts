import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Repository } from 'typeorm';
import type { Report as AnalysisReport } from '@preflight/shared';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { framesPrefix, reportJsonKey } from '../../infra/storage/storage-keys';
import { Report } from './report.entity';
import { summaryOf } from './report-data.store';

/** The public sample report's fixed id (the analysis page shows it when no id is given). */
export const SAMPLE_REPORT_ID = '5a3c1e00-0000-4000-8000-000000000001';

/** A real report our engine made from a generated demo video (scripts/media/make-sample-report.ts). */
export const SAMPLE_REPORT_SOURCE = join(__dirname, '..', '..', '..', 'assets', 'sample-report');

/** Installs the sample report on start when its row or its files are missing; idempotent across API instances. */
@Injectable()
export class SampleReportSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(SampleReportSeeder.name);

  constructor(
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const source = join(SAMPLE_REPORT_SOURCE, 'report.json');
    if (!existsSync(source)) {
      this.logger.warn(`no sample report at ${SAMPLE_REPORT_SOURCE}`);
      return;
    }
    if (!(await this.store.exists(reportJsonKey(SAMPLE_REPORT_ID)))) await this.install(source);
    const data = JSON.parse(await readFile(source, 'utf8')) as AnalysisReport;
    await this.reports
      .createQueryBuilder()
      .insert()
      .values({
        ...summaryOf(data),
        id: SAMPLE_REPORT_ID,
        userId: null,
        isSample: true,
        originalFilename: data.video_info.original_filename,
        status: 'completed',
        progress: 100,
        currentStep: 'completed',
        analyzedAt: new Date(),
      })
      .orIgnore()
      .execute();
  }

  /**
   * Frames first, report.json last, each file put whole: API instances starting together (or test runs sharing the
   * store) never serve a half-copied frame, and the report counts as installed only once everything is there.
   */
  private async install(source: string): Promise<void> {
    await this.store.putFolder(framesPrefix(SAMPLE_REPORT_ID), join(SAMPLE_REPORT_SOURCE, 'frames'));
    await this.store.putFile(reportJsonKey(SAMPLE_REPORT_ID), source, 'application/json');
  }
}
