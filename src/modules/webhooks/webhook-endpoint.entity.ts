import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { User } from '../users';

/**
 * Where a creator wants events sent. The signing secret is kept as is (it signs every delivery, so it cannot be a
 * hash) and shown to the creator once, when the endpoint is made or its secret rotated. After a rotation the previous
 * secret signs too until previous_secret_expires_at (webhook-secrets.ts).
 */
@Entity('webhook_endpoints')
@Index('webhook_endpoints_user_idx', ['userId', 'createdAt'])
export class WebhookEndpoint {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  // Named, not imported: another module's entity class stays inside it (.dependency-cruiser.cjs).
  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'webhook_endpoints_user_id_fkey' })
  user?: User;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text' })
  secret: string;

  @Column({ name: 'previous_secret', type: 'text', nullable: true })
  previousSecret: string | null;

  @Column({ name: 'previous_secret_expires_at', type: 'timestamptz', nullable: true })
  previousSecretExpiresAt: Date | null;

  /**
   * Set when Preflight itself replaced a secret that was not a Standard Webhooks one (migration
   * RotateLegacyWebhookSecrets): the creator has not seen the current secret, and the page says so until they rotate.
   */
  @Column({ name: 'secret_replaced_at', type: 'timestamptz', nullable: true })
  secretReplacedAt: Date | null;

  @Column({ type: 'text', array: true })
  events: string[];

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'last_success_at', type: 'timestamptz', nullable: true })
  lastSuccessAt: Date | null;

  /** Set when deliveries kept failing; the page shows why, and nothing is sent until the creator enables it again. */
  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason: string | null;
}
