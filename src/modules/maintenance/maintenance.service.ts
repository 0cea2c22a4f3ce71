import { Inject, Injectable, Logger } from '@nestjs/common';
import { basename } from 'node:path';
import { InjectRepository } from '@nestjs/typeorm';
import { In, IsNull, LessThan, Not, type Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MULTIPART_UPLOAD_PREFIX, multipartWriterIsGone } from '../../infra/storage/multipart-partial';
import { StorageService } from '../../infra/storage/storage.service';
import { AnalysisQueue } from '../analysis-jobs/analysis-queue.service';
import { Report } from '../reports/report.entity';

/** Resumable (tus) uploads nobody references are removed after this long: the resume window. */
const ORPHAN_UPLOAD_AGE_MS = 24 * 3600 * 1000;
/**
 * A multipart upload cannot be resumed: once its writer is known to be dead, or (written on another machine) its file
 * has not grown for this long, and no report references it, it is a partial file that only takes space.
 */
const ABANDONED_MULTIPART_AGE_MS = 10 * 60 * 1000;

/** A processing report whose row has not moved for this long is checked for a live job. */
const STUCK_AFTER_MS = 2 * 60 * 1000;

export interface SweepResult {
  requeued: number;
  uploadsDeleted: number;
  orphanUploadsDeleted: number;
  frameFoldersDeleted: number;
}

/** Keeps the product's promise that content is not kept: videos go when analysis ends, frames after 48 hours. */
@Injectable()
export class MaintenanceService {
  private readonly logger = new Logger(MaintenanceService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Report) private readonly reports: Repository<Report>,
    private readonly storage: StorageService,
    private readonly analysisQueue: AnalysisQueue,
  ) {}

  async sweep(now = new Date()): Promise<SweepResult> {
    const result = {
      requeued: await this.requeueOrphans(now),
      uploadsDeleted: await this.deleteFinishedUploads(),
      orphanUploadsDeleted: await this.deleteOrphanUploads(now),
      frameFoldersDeleted: await this.deleteExpiredFrames(now),
    };
    this.logger.log(`sweep: ${JSON.stringify(result)}`);
    return result;
  }

  /**
   * Reports left processing without a job (Redis lost it, or the enqueue after commit failed) are queued again.
   * `minIdleMs` 0 (after a Redis reconnect) checks every processing report: re-queuing is idempotent (jobId).
   */
  async requeueOrphans(now: Date, { minIdleMs = STUCK_AFTER_MS } = {}): Promise<number> {
    const stale = await this.reports.find({
      select: { id: true },
      where: { status: 'processing', updatedAt: LessThan(new Date(now.getTime() - minIdleMs)) },
    });
    let requeued = 0;
    for (const report of stale) {
      if (await this.analysisQueue.isQueued(report.id)) continue;
      await this.analysisQueue.removeFinished(report.id);
      if (await this.analysisQueue.enqueue(report.id)) requeued += 1;
    }
    return requeued;
  }

  /** Upload files of reports whose analysis ended (a crash between "ended" and "deleted" leaves them behind). */
  private async deleteFinishedUploads(): Promise<number> {
    const finished = await this.reports.find({
      select: { id: true, uploadPath: true },
      where: { status: In(['completed', 'error']), uploadPath: Not(IsNull()) },
    });
    for (const report of finished) {
      await this.storage.remove(report.uploadPath!);
      await this.reports.update({ id: report.id }, { uploadPath: null });
    }
    return finished.length;
  }

  /** Partial multipart uploads left by a killed API process (checked every minute, so they go within a minute). */
  async deleteAbandonedMultipartUploads(now: Date): Promise<number> {
    return this.deleteUnreferencedUploads(
      now,
      (f) =>
        basename(f.path).startsWith(MULTIPART_UPLOAD_PREFIX) &&
        (multipartWriterIsGone(f.path) || now.getTime() - f.modifiedAt.getTime() > ABANDONED_MULTIPART_AGE_MS),
    );
  }

  private async deleteOrphanUploads(now: Date): Promise<number> {
    return this.deleteUnreferencedUploads(now, (f) => now.getTime() - f.modifiedAt.getTime() > ORPHAN_UPLOAD_AGE_MS);
  }

  private async deleteUnreferencedUploads(now: Date, isCandidate: (f: { path: string; modifiedAt: Date }) => boolean): Promise<number> {
    const files = await this.storage.listWithAge(this.storage.uploadsDir);
    const old = files.filter(isCandidate);
    if (old.length === 0) return 0;
    const referenced = new Set(
      (await this.reports.find({ select: { uploadPath: true }, where: { uploadPath: In(old.map((f) => f.path)) } })).map(
        (r) => r.uploadPath,
      ),
    );
    const orphans = old.filter((f) => !referenced.has(f.path));
    for (const file of orphans) await this.storage.remove(file.path);
    return orphans.length;
  }

  private async deleteExpiredFrames(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.frameRetentionHours * 3600 * 1000);
    const expired = await this.reports.find({
      select: { id: true },
      where: { analyzedAt: LessThan(cutoff), framesDeletedAt: IsNull(), isSample: false },
    });
    for (const report of expired) {
      await this.storage.remove(this.storage.framesDir(report.id));
      await this.reports.update({ id: report.id }, { framesDeletedAt: now });
    }
    return expired.length;
  }
}
