import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { MEASURED_SOURCES, type MeasuredPoint, type MeasuredSource } from '@preflight/shared';
import type { Report } from '../reports';
import type { User } from '../users';

/**
 * The retention a creator measured after posting a video (docs/report-format.md, Measured retention): one curve per
 * report, on the video's seconds. It is deleted with the report (and with the account); together with the report's
 * metrics it is all the per-creator calibration reads.
 */
@Entity('measured_retention')
@Index('measured_retention_user_idx', ['userId', 'updatedAt'])
@Check('measured_retention_source_check', `"source" IN (${MEASURED_SOURCES.map((s) => `'${s}'`).join(', ')})`)
export class MeasuredRetention {
  /** One curve per report: adding another replaces it. */
  @PrimaryColumn({ name: 'report_id', type: 'uuid', primaryKeyConstraintName: 'measured_retention_pkey' })
  reportId: string;

  // Named, not imported: another module's entity class stays inside it (.dependency-cruiser.cjs).
  @ManyToOne('Report', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'report_id', foreignKeyConstraintName: 'measured_retention_report_id_fkey' })
  report?: Report;

  /** The report's owner, kept here so a creator's curves are one indexed query for the calibration. */
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  // Named, not imported: another module's entity class stays inside it (.dependency-cruiser.cjs).
  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'measured_retention_user_id_fkey' })
  user?: User;

  @Column({ type: 'text' })
  source: MeasuredSource;

  /** Sorted by time, on the video's seconds (a share of the video was multiplied by its length on the way in). */
  @Column({ type: 'jsonb' })
  points: MeasuredPoint[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
