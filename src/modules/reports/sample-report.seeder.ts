import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { cp, readFile, rename, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Repository } from 'typeorm';
import type { Report as AnalysisReport } from '@preflight/shared';
import { StorageService } from '../../infra/storage/storage.service';
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
    private readonly storage: StorageService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const source = join(SAMPLE_REPORT_SOURCE, 'report.json');
    if (!existsSync(source)) {
      this.logger.warn(`no sample report at ${SAMPLE_REPORT_SOURCE}`);
      return;
    }
    const target = this.storage.reportDir(SAMPLE_REPORT_ID);
    if (!existsSync(join(target, 'report.json'))) await this.install(target);
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
   * Copied beside the target, then renamed into place: API instances starting together (or test runs sharing the
   * storage folder) never serve a half-copied frame, and the loser of the race just drops its copy.
   */
  private async install(target: string): Promise<void> {
    const staging = `${target}.${randomUUID()}.tmp`;
    await cp(SAMPLE_REPORT_SOURCE, staging, { recursive: true });
    try {
      await rename(staging, target);
    } catch {
      // Another instance won (nothing to do), or a folder was left without its report.json (replace it).
      if (!existsSync(join(target, 'report.json'))) {
        await rm(target, { recursive: true, force: true });
        await rename(staging, target).catch(() => undefined);
      }
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
}
