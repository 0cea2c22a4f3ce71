import { WebhooksService } from '../webhooks';
import { OnWorkerEvent, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { UnrecoverableError, type Job } from 'bullmq';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AnalysisInputError, AnalysisInterruptedError, analyzeVideo, warmUpVision } from '../../analysis';
import { analysisDuration, analysisDurationRatio, analysisFailures, queueWaitSeconds } from '../../infra/metrics/metrics';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { framesPrefix, reportJsonKey, reportPrefix } from '../../infra/storage/storage-keys';
import { QueueName, type JobPayloads } from '../../jobs/queues';
import { STAGE_TEXT } from '@preflight/shared';
import { CreatorCalibrationService } from '../measured-retention';
import { ReportsRepository, summaryOf, type Report } from '../reports';
import { untilDatabaseAnswers, type DatabaseWaitOptions } from './database-wait';
import { ProgressWriter } from './progress-writer';
import { HEARTBEAT_EVERY_MS } from './resuming';
import { removeDeadWorkersScratch, workDirOfThisProcess } from './work-dirs';

type AnalyzeJob = Job<JobPayloads[QueueName.Analysis]['analyze']>;

const GENERIC_FAILURE = 'The analysis failed unexpectedly. Please try uploading the video again.';

/**
 * How long a worker's claim on an analysis lasts without renewal. BullMQ renews the lock from the worker's event loop
 * every lockDuration / 2 while the job runs; a worker that dies without a goodbye (SIGKILL, out of memory) stops
 * renewing, its lock lapses within lockDuration, and the next stalled-job check (every stalledInterval, in every
 * worker) hands the job to another worker: lapsed within 10 s, found by a check within 5 s more (issue 29: within 30 s;
 * was 120 s locks, 124 s measured; 15 s / 10 s measured 36 s at load ~8 with the restarted worker's start-up). The
 * engine never holds the loop long (bench:analysis: longest stall 0.4 s at load 17), so a 5 s renewal period
 * tolerates a process starved of CPU for seconds; a longer starvation lets a second
 * worker start the same video, and the first one's result still lands once (the row is written only while processing).
 * SIGTERM hands the job back at once. Two stalls are allowed: a job survives two crashed workers before it fails.
 */
export const ANALYSIS_LOCK = { lockDuration: 10_000, stalledInterval: 5_000, maxStalledCount: 2 } as const;

/**
 * Runs the engine on an uploaded video, config.workerConcurrency analyses at a time (sized to the cores); scale by
 * adding workers. A crashed worker's job is picked up by the next one after the lock lapses (stalled-job check).
 */
@Processor(QueueName.Analysis, { concurrency: 1, ...ANALYSIS_LOCK })
export class AnalysisProcessor extends WorkerHost implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(AnalysisProcessor.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reports: ReportsRepository,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
    private readonly calibration: CreatorCalibrationService,
    private readonly webhooks: WebhooksService,
  ) {
    super();
  }

  /** After the BullMQ worker exists (it is made during module init). */
  onApplicationBootstrap(): void {
    this.worker.concurrency = this.config.workerConcurrency;
    void warmUpVision();
  }

  onModuleInit(): void {
    for (const dir of removeDeadWorkersScratch()) this.logger.warn(`removed the scratch folder of a worker that died: ${dir}`);
  }

  /** Logged and written to the job's log (readable in Redis while PostgreSQL is away) once per outage. */
  private databaseWait(job: AnalyzeJob, what: string): DatabaseWaitOptions {
    return {
      onWait: async (error) => {
        const line = `database unreachable while ${what}: waiting for it (${error instanceof Error ? error.message : String(error)})`;
        this.logger.warn({ reportId: job.data.reportId }, line);
        await job.log(line);
      },
      onBack: async (waitedMs) => {
        const line = `database back after ${(waitedMs / 1000).toFixed(0)} s: ${what} resumed`;
        this.logger.log({ reportId: job.data.reportId }, line);
        await job.log(line);
      },
    };
  }

  async process(job: AnalyzeJob): Promise<string> {
    const report = await untilDatabaseAnswers(() => this.reports.findById(job.data.reportId), this.databaseWait(job, 'reading the report'));
    if (!report) return 'report deleted';
    if (report.status !== 'processing') return `already ${report.status}`;
    if (!report.uploadPath || !(await this.store.exists(report.uploadPath))) {
      await untilDatabaseAnswers(() => this.fail(report, 'The uploaded video is no longer available. Please upload it again.', 0), this.databaseWait(job, 'saving the refusal'));
      throw new UnrecoverableError('upload missing');
    }

    // One line per run, with the pid (in every line): the fleet test counts these to prove each job runs once.
    this.logger.log({ reportId: report.id, requestId: job.data.requestId, attempt: job.attemptsStarted }, `analysis of ${report.id} started`);
    if (job.processedOn) queueWaitSeconds.observe({ queue: job.queueName }, Math.max(0, job.processedOn - job.timestamp) / 1000);
    // A report a worker already started (its heartbeat is set) is being resumed after that worker stopped.
    const resumeFrom = report.workerSeenAt ? report.progress : 0;
    const progress = new ProgressWriter(this.reports, report.id, (value) => job.updateProgress(value), resumeFrom);
    const beat = () => void this.reports.updateWhileProcessing(report.id, { workerSeenAt: new Date() }).catch(() => undefined);
    beat();
    const heartbeat = setInterval(beat, HEARTBEAT_EVERY_MS);
    const started = process.hrtime.bigint();
    // The engine works on files of this machine: the video is copied here from an object store (local disk: used in
    // place), the report is written to scratch and then put into the store, frames first and report.json last.
    const scratch = workDirOfThisProcess();
    const outDir = join(scratch, `${report.id}-out`);
    const video = await this.store.localFile(report.uploadPath, scratch);
    try {
      // The creator's measured videos calibrate this prediction (docs/report-format.md, Calibration).
      const calibration = report.userId ? await this.calibration.forCreator(report.userId, report.id) : undefined;
      const data = await analyzeVideo(
        video.path,
        {
          outDir,
          tmpDir: scratch,
          style: report.feedbackStyle,
          platform: report.platform,
          originalFilename: report.originalFilename,
          calibration,
          openai: this.config.openai ? { apiKey: this.config.openai.apiKey, baseURL: this.config.openai.baseUrl ?? undefined } : undefined,
        },
        (update) => progress.push(update),
      );
      await this.store.putFolder(framesPrefix(report.id), join(outDir, 'frames'));
      await this.store.putFile(reportJsonKey(report.id), join(outDir, 'report.json'), 'application/json');
      await progress.flush();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      analysisDuration.observe(seconds);
      if (data.video_info.duration_seconds > 0) analysisDurationRatio.observe(seconds / data.video_info.duration_seconds);
      const summary = summaryOf(data);
      const completed = {
        ...summary,
        status: 'completed' as const,
        progress: 100,
        currentStep: 'completed' as const,
        phase: null,
        phasePercent: null,
        stepMessage: STAGE_TEXT.completed,
        // This server's speed sample (analysis-speed.ts): worker seconds for this many seconds of video.
        workSeconds: seconds,
        error: null,
        analyzedAt: new Date(),
        uploadPath: null,
      };
      // The analysis is done: a database that is away now is waited for, not a reason to analyse the video again.
      await untilDatabaseAnswers(() => this.reports.updateWhileProcessing(report.id, completed), this.databaseWait(job, 'saving the finished report'));
      await this.store.delete(report.uploadPath);
      await this.webhooks.emit(report.userId, 'analysis.completed', {
        report_id: report.id,
        filename: report.originalFilename,
        status: 'completed',
        analyzed_at: completed.analyzedAt.toISOString(),
      });
      this.logger.log({ reportId: report.id, requestId: job.data.requestId, seconds: Number(seconds.toFixed(2)) }, `analysis of ${report.id} completed`);
      return 'completed';
    } catch (error) {
      await progress.flush();
      analysisFailures.inc({ reason: error instanceof AnalysisInputError ? 'input' : error instanceof AnalysisInterruptedError ? 'interrupted' : 'error' });
      if (error instanceof AnalysisInputError) {
        this.logger.warn(
          { reportId: report.id, requestId: job.data.requestId },
          `analysis of ${report.id} refused the file: ${error.message}${error.detail ? ` (${error.detail.slice(-200)})` : ''}`,
        );
        const workSeconds = Number(process.hrtime.bigint() - started) / 1e9;
        await untilDatabaseAnswers(() => this.fail(report, error.message, workSeconds), this.databaseWait(job, 'saving the refusal'));
        throw new UnrecoverableError(error.message);
      }
      this.logger.warn(
        { reportId: report.id, requestId: job.data.requestId },
        `analysis of ${report.id} failed (attempt ${job.attemptsMade + 1} of ${job.opts.attempts ?? 1}, will be retried): ${String(error)}`,
      );
      throw error;
    } finally {
      clearInterval(heartbeat);
      await video.release();
      await rm(outDir, { recursive: true, force: true });
    }
  }

  /** After the last retry: the report ends in error with a message, never stuck in processing. */
  @OnWorkerEvent('failed')
  async onFailed(job: AnalyzeJob | undefined, error: Error): Promise<void> {
    if (!job) return;
    const attempts = job.opts.attempts ?? 1;
    if (error instanceof UnrecoverableError || job.attemptsMade < attempts) return;
    // An event handler: whatever it throws would end the process (an unhandled rejection), so it never throws.
    try {
      await untilDatabaseAnswers(async () => {
        const report = await this.reports.findById(job.data.reportId);
        // The last attempt's time (BullMQ's processedOn is when it started).
        const workSeconds = job.processedOn ? Math.max(0, ((job.finishedOn ?? Date.now()) - job.processedOn) / 1000) : null;
        if (report?.status === 'processing') await this.fail(report, GENERIC_FAILURE, workSeconds);
      }, this.databaseWait(job, 'recording the failure'));
    } catch (failure) {
      this.logger.error({ reportId: job.data.reportId }, `could not record the failure of ${job.data.reportId}: ${String(failure)}`);
    }
  }

  private async fail(report: Report, message: string, failedWorkSeconds: number | null): Promise<void> {
    await this.reports.update(report.id, {
      status: 'error',
      currentStep: 'error',
      phase: null,
      phasePercent: null,
      stepMessage: STAGE_TEXT.error,
      error: message,
      uploadPath: null,
      failedWorkSeconds,
    });
    if (report.uploadPath) await this.store.delete(report.uploadPath);
    await this.store.deleteUnder(reportPrefix(report.id));
    await this.webhooks.emit(report.userId, 'analysis.failed', { report_id: report.id, filename: report.originalFilename, status: 'error', error: message });
  }
}
