import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import {
  ANALYSIS_PHASES,
  DEFAULT_FEEDBACK_STYLE,
  DEFAULT_PLATFORM,
  FEEDBACK_STYLES,
  PLATFORM_CHOICES,
  REPORT_STATUSES,
  type AnalysisPhase,
  type FeedbackStyle,
  type PlatformChoice,
  type ProcessingStep,
  type ReportStatus,
} from '@preflight/shared';
import type { User } from '../users';

// Statuses, feedback styles and processing stages are shared rules (@preflight/shared); the columns below store them.

/**
 * One uploaded video and its analysis. The row carries the processing status the status endpoint reads and the
 * summary figures the dashboard lists; the full report lives as report.json in the report's storage folder.
 */
@Entity('reports')
@Index('reports_user_created_idx', ['userId', 'createdAt'])
@Index('reports_processing_idx', ['updatedAt'], { where: "status = 'processing'" })
@Index('reports_frames_kept_idx', ['analyzedAt'], { where: 'frames_deleted_at IS NULL AND analyzed_at IS NOT NULL' })
@Index('reports_speed_sample_idx', ['analyzedAt'], { where: 'work_seconds IS NOT NULL AND duration_seconds > 0' })
@Check('reports_status_check', `"status" IN (${REPORT_STATUSES.map((s) => `'${s}'`).join(', ')})`)
@Check('reports_feedback_style_check', `"feedback_style" IN (${FEEDBACK_STYLES.map((s) => `'${s}'`).join(', ')})`)
@Check('reports_platform_check', `"platform" IN (${PLATFORM_CHOICES.map((p) => `'${p}'`).join(', ')})`)
@Check('reports_progress_check', `"progress" BETWEEN 0 AND 100`)
@Check('reports_phase_check', `"phase" IS NULL OR "phase" IN (${ANALYSIS_PHASES.map((p) => `'${p}'`).join(', ')})`)
@Check('reports_phase_percent_check', `"phase_percent" BETWEEN 0 AND 100`)
@Check('reports_owner_check', `"user_id" IS NOT NULL OR "is_sample"`)
export class Report {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  // Named, not imported: another module's entity class stays inside it (.dependency-cruiser.cjs).
  @ManyToOne('User', { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'reports_user_id_fkey' })
  user?: User;

  @Column({ name: 'original_filename', type: 'text' })
  originalFilename: string;

  @Column({ type: 'text', default: 'processing' })
  status: ReportStatus;

  @Column({ type: 'smallint', default: 0 })
  progress: number;

  @Column({ name: 'current_step', type: 'text', default: 'uploading' })
  currentStep: ProcessingStep;

  /** What the analysis is doing within its step (upload received, decoding, analysing, rendering frames); null once ended. */
  @Column({ type: 'text', nullable: true })
  phase: AnalysisPhase | null;

  /** The phase's own percentage (the decode pass, the frames); null when the phase cannot tell. */
  @Column({ name: 'phase_percent', type: 'smallint', nullable: true })
  phasePercent: number | null;

  /** Human text for the current step, shown by the processing panel. */
  @Column({ name: 'step_message', type: 'text', nullable: true })
  stepMessage: string | null;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  @Column({ name: 'feedback_style', type: 'text', default: DEFAULT_FEEDBACK_STYLE })
  feedbackStyle: FeedbackStyle;

  /** The target platform the creator chose (auto: the engine picks from shape and length; report.json says which). */
  @Column({ type: 'text', default: DEFAULT_PLATFORM })
  platform: PlatformChoice;

  @Column({ name: 'duration_seconds', type: 'double precision', nullable: true })
  durationSeconds: number | null;

  /** Worker seconds (decoding, mostly) the last attempt used before the analysis failed: a free creator's daily budget. */
  @Column({ name: 'failed_work_seconds', type: 'double precision', nullable: true })
  failedWorkSeconds: number | null;

  /** Worker seconds the completed analysis took: the recent ones measure this server's speed (analysis-speed.ts). */
  @Column({ name: 'work_seconds', type: 'double precision', nullable: true })
  workSeconds: number | null;

  @Column({ name: 'viral_risk_score', type: 'real', nullable: true })
  viralRiskScore: number | null;

  @Column({ name: 'drop_off_likelihood', type: 'real', nullable: true })
  dropOffLikelihood: number | null;

  @Column({ name: 'watch_time_loss', type: 'real', nullable: true })
  watchTimeLoss: number | null;

  @Column({ name: 'prevention_roi', type: 'real', nullable: true })
  preventionRoi: number | null;

  /** Seconds more of each view if every fix is applied (the report's improved − baseline average watch). */
  @Column({ name: 'watch_gain_seconds', type: 'double precision', nullable: true })
  watchGainSeconds: number | null;

  @Column({ name: 'issues_count', type: 'integer', nullable: true })
  issuesCount: number | null;

  /** Issues per category (hook, retention, algorithm, engagement, cta) for the insights aggregate. */
  @Column({ name: 'category_counts', type: 'jsonb', default: {} })
  categoryCounts: Record<string, number>;

  /** The uploaded video's key in the store (uploads/<name>) until its analysis ends; null once deleted. */
  @Column({ name: 'upload_path', type: 'text', nullable: true })
  uploadPath: string | null;

  /**
   * Written every few seconds by the worker running the analysis (a heartbeat): a processing report whose worker has
   * been silent for a while is shown as "resuming" while another worker takes the job over.
   */
  @Column({ name: 'worker_seen_at', type: 'timestamptz', nullable: true })
  workerSeenAt: Date | null;

  @Column({ name: 'analyzed_at', type: 'timestamptz', nullable: true })
  analyzedAt: Date | null;

  /** Set when the 48-hour retention removed the frame images; the report text stays. */
  @Column({ name: 'frames_deleted_at', type: 'timestamptz', nullable: true })
  framesDeletedAt: Date | null;

  /** Public sample reports (the analysis page's default, GET /public/dashboard/reports); never a user's report. */
  @Column({ name: 'is_sample', type: 'boolean', default: false })
  isSample: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
