import {
  BadRequestException,
  Inject,
  Injectable,
  PayloadTooLargeException,
  UnprocessableEntityException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AnalysisInputError } from '../../analysis/errors';
import { probeFile } from '../../analysis/signals/probe';
import { refuseControlCharacters } from '../../common/control-characters';
import { holdTransactionLock } from '../../database/advisory-lock';
import { uploadBytes } from '../../infra/metrics/metrics';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { AnalysisOutbox } from '../analysis-jobs';
import { ReportsRepository } from '../reports';
import { TrialGateService } from '../subscriptions';
import type { User } from '../users';
import {
  DEFAULT_FEEDBACK_STYLE,
  DEFAULT_PLATFORM,
  FEEDBACK_STYLES,
  invalidTypeMessage,
  isAcceptedVideo,
  isFeedbackStyle,
  isPlatformChoice,
  MAX_UPLOAD_BYTES,
  PLATFORM_CHOICES,
  STAGE_TEXT,
  tooLargeMessage,
  type FeedbackStyle,
  type PlatformChoice,
} from '@preflight/shared';
import { cleanFilename } from './upload-rules';

export interface ReceivedFile {
  /** Where the bytes are in the store (uploads/…). */
  key: string;
  originalName: string;
  mimeType: string | null;
  size: number;
  protocol: 'multipart' | 'tus';
}

export function parseFeedbackStyle(value: unknown): FeedbackStyle {
  if (value === undefined || value === null || value === '') return DEFAULT_FEEDBACK_STYLE;
  if (isFeedbackStyle(value)) return value;
  throw new BadRequestException(`feedbackStyle must be one of: ${FEEDBACK_STYLES.join(', ')}`);
}

export function parsePlatform(value: unknown): PlatformChoice {
  if (value === undefined || value === null || value === '') return DEFAULT_PLATFORM;
  if (isPlatformChoice(value)) return value;
  throw new BadRequestException(`platform must be one of: ${PLATFORM_CHOICES.join(', ')}`);
}

/**
 * What the creator chose with the file: both optional, validated before anything is stored. A multipart upload passes
 * every text field it was sent (the others are not read, but are held to the same control-character rule).
 */
export interface UploadChoices {
  feedbackStyle?: unknown;
  platform?: unknown;
  [field: string]: unknown;
}

/**
 * What happens once an upload's bytes are in the store, for multipart and resumable uploads alike: check the file is a
 * video we can analyse, create the report row, and queue the analysis after the row is committed. A refused file
 * is deleted and nothing is queued.
 */
@Injectable()
export class UploadService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reports: ReportsRepository,
    private readonly gate: TrialGateService,
    private readonly outbox: AnalysisOutbox,
    @Inject(OBJECT_STORE) private readonly store: ObjectStore,
  ) {}

  /**
   * `queued` false: Redis did not take the job within seconds (an outage). The upload is accepted all the same: its
   * outbox row, committed with the report, is turned into the job as soon as Redis is back (AnalysisOutbox).
   */
  async accept(user: User, file: ReceivedFile, choices: UploadChoices, requestId?: string): Promise<{ reportId: string; queued: boolean }> {
    try {
      // The multipart text fields, which the global refusal (ControlCharactersInterceptor) cannot see: multer reads
      // them with the file, after it. Here a refused upload's file is deleted with it.
      refuseControlCharacters(choices);
      const feedbackStyle = parseFeedbackStyle(choices.feedbackStyle);
      const platform = parsePlatform(choices.platform);
      const originalFilename = cleanFilename(file.originalName);
      if (!isAcceptedVideo(originalFilename, file.mimeType)) throw new UnsupportedMediaTypeException(invalidTypeMessage(file.mimeType));
      if (file.size > MAX_UPLOAD_BYTES) throw new PayloadTooLargeException(tooLargeMessage(file.size));
      const probe = await probeFile(await this.store.probeSource(file.key), { size: file.size }).catch((error: unknown) => {
        if (error instanceof AnalysisInputError) throw new UnprocessableEntityException(error.message);
        throw error;
      });

      const report = await this.db.transaction(async (manager) => {
        // Serialise one user's uploads so two tabs cannot both spend the free analysis.
        await holdTransactionLock(manager, user.id);
        await this.gate.assertMayAnalyze(user.id, manager);
        const saved = await this.reports.create(manager, {
          userId: user.id,
          originalFilename,
          status: 'processing',
          progress: 5,
          currentStep: 'preprocessing',
          phase: 'received',
          stepMessage: STAGE_TEXT.preprocessing,
          feedbackStyle,
          platform,
          durationSeconds: probe.durationS,
          uploadPath: file.key,
        });
        await this.outbox.write(manager, saved.id, requestId);
        return saved;
      });
      uploadBytes.inc({ protocol: file.protocol }, file.size);
      const queued = await this.outbox.dispatch(report.id, requestId);
      return { reportId: report.id, queued };
    } catch (error) {
      await this.store.delete(file.key).catch(() => undefined);
      throw error;
    }
  }
}
