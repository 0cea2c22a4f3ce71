import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { MULTIPART_UPLOAD_PREFIX, multipartWriterIsGone } from '../../infra/storage/multipart-partial';
import { OBJECT_STORE, type ObjectStore, type StoredObject } from '../../infra/storage/object-store';
import { framesPrefix, nameOf, UPLOADS_PREFIX } from '../../infra/storage/storage-keys';
import { AnalysisQueue } from '../analysis-jobs';
import { ReportsRepository } from '../reports';

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
    private readonly reports: ReportsRepository,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
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
    const stale = await this.reports.idleProcessingIds(new Date(now.getTime() - minIdleMs));
    let requeued = 0;
    for (const reportId of stale) {
      if (await this.analysisQueue.isQueued(reportId)) continue;
      await this.analysisQueue.removeFinished(reportId);
      if (await this.analysisQueue.enqueue(reportId)) requeued += 1;
    }
    return requeued;
  }

  /** Upload files of reports whose analysis ended (a crash between "ended" and "deleted" leaves them behind). */
  private async deleteFinishedUploads(): Promise<number> {
    const finished = await this.reports.finishedWithUpload();
    for (const report of finished) {
      await this.store.delete(report.uploadPath);
      await this.reports.update(report.id, { uploadPath: null });
    }
    return finished.length;
  }

  /**
   * Partial multipart uploads left by a killed API process (checked every minute, so they go within a minute). On
   * object storage an unfinished upload is an unfinished S3 multipart upload: it is aborted once its parts stop coming.
   */
  async deleteAbandonedMultipartUploads(now: Date): Promise<number> {
    const isAbandoned = (key: string, lastActivity: Date) =>
      nameOf(key).startsWith(MULTIPART_UPLOAD_PREFIX) &&
      (multipartWriterIsGone(key) || now.getTime() - lastActivity.getTime() > ABANDONED_MULTIPART_AGE_MS);
    const aborted = await this.store.abortStaleMultipartUploads(UPLOADS_PREFIX, isAbandoned);
    return aborted + (await this.deleteUnreferencedUploads((f) => isAbandoned(f.key, f.modifiedAt)));
  }

  /** Uploads nobody references after the resume window, and resumable uploads the creator never finished. */
  private async deleteOrphanUploads(now: Date): Promise<number> {
    const isOld = (lastActivity: Date) => now.getTime() - lastActivity.getTime() > ORPHAN_UPLOAD_AGE_MS;
    const aborted = await this.store.abortStaleMultipartUploads(UPLOADS_PREFIX, (_key, lastActivity) => isOld(lastActivity));
    return aborted + (await this.deleteUnreferencedUploads((f) => isOld(f.modifiedAt)));
  }

  private async deleteUnreferencedUploads(isCandidate: (f: StoredObject) => boolean): Promise<number> {
    const old = (await this.store.list(UPLOADS_PREFIX)).filter(isCandidate);
    if (old.length === 0) return 0;
    const referenced = await this.reports.referencedUploads(old.map((f) => f.key));
    const orphans = old.filter((f) => !referenced.has(f.key));
    for (const file of orphans) await this.store.delete(file.key);
    return orphans.length;
  }

  private async deleteExpiredFrames(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.frameRetentionHours * 3600 * 1000);
    const expired = await this.reports.framesToExpire(cutoff);
    for (const reportId of expired) {
      await this.store.deleteUnder(framesPrefix(reportId));
      await this.reports.update(reportId, { framesDeletedAt: now });
    }
    return expired.length;
  }
}
