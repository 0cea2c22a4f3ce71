import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Report } from '../reports';
import type { User } from '../users';

/** One cut of a saved edit as the creator left it (source times, on the video's frames). */
export interface SavedCut {
  start_s: number;
  end_s: number;
  enabled: boolean;
}

/**
 * The creator's edit of a report (issue 42): their cut list and the margins they keep around speech. One per report,
 * deleted with it (and with the account). Reasons, findings and the retention it buys are computed again from the
 * report's stored signals on every read, so they always follow the engine.
 */
@Entity('report_edits')
export class ReportEdit {
  @PrimaryColumn({ name: 'report_id', type: 'uuid', primaryKeyConstraintName: 'report_edits_pkey' })
  reportId: string;

  // Named, not imported: another module's entity class stays inside it (.dependency-cruiser.cjs).
  @ManyToOne('Report', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'report_id', foreignKeyConstraintName: 'report_edits_report_id_fkey' })
  report?: Report;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'report_edits_user_id_fkey' })
  user?: User;

  /** Sorted by start; at most MAX_CUTS. */
  @Column({ type: 'jsonb' })
  cuts: SavedCut[];

  @Column({ name: 'margin_before_s', type: 'double precision' })
  marginBeforeS: number;

  @Column({ name: 'margin_after_s', type: 'double precision' })
  marginAfterS: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
