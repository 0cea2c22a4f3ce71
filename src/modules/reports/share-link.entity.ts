import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Report } from './report.entity';

/**
 * One share link of a report. Only the SHA-256 of the token is stored: a leaked database cannot open a report. The
 * token is derived from the link's id with the server's secret (share-token.ts), so the creator can copy a live link
 * again from the Share dialog without the token ever being stored. A report may have several links, each revocable.
 */
@Entity('share_links')
@Index('share_links_report_idx', ['reportId', 'createdAt'])
@Check('share_links_expiry_check', `"expires_at" > "created_at"`)
@Check('share_links_compare_check', `"compare_report_id" IS NULL OR "compare_report_id" <> "report_id"`)
export class ShareLink {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'report_id', type: 'uuid' })
  reportId: string;

  @ManyToOne(() => Report, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'report_id', foreignKeyConstraintName: 'share_links_report_id_fkey' })
  report?: Report;

  /** Set when the link opens a comparison: report_id is cut A, this is cut B. Such a link opens neither report alone. */
  @Column({ name: 'compare_report_id', type: 'uuid', nullable: true })
  compareReportId: string | null;

  @ManyToOne(() => Report, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'compare_report_id', foreignKeyConstraintName: 'share_links_compare_report_id_fkey' })
  compareReport?: Report;

  /** Hex SHA-256 of the token (the token has 256 random bits, so a plain hash suffices: nothing to brute-force). */
  @Index('share_links_token_hash_key', { unique: true })
  @Column({ name: 'token_hash', type: 'text' })
  tokenHash: string;

  @Column({ name: 'allow_download', type: 'boolean' })
  allowDownload: boolean;

  @Column({ name: 'show_sensitive_data', type: 'boolean' })
  showSensitiveData: boolean;

  /** From the injected clock, like expires_at, so both are on one time line. */
  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  /** How many times a browser opened the shared page (each load of its report data counts once). */
  @Column({ name: 'open_count', type: 'integer', default: 0 })
  openCount: number;

  @Column({ name: 'last_opened_at', type: 'timestamptz', nullable: true })
  lastOpenedAt: Date | null;

  /** Set when the creator revokes the link; a revoked link is refused at once. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;
}
