import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { User } from '../users';

export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * A creator's API key for scripts and servers. Only the SHA-256 of the key is stored (the key has 192 random bits, so
 * there is nothing to brute-force and no salt is needed); the key itself is shown once, when made. `prefix` is its
 * first characters, kept so the creator can tell keys apart.
 */
@Entity('api_keys')
@Index('api_keys_user_idx', ['userId', 'createdAt'])
@Check('api_keys_scope_check', `"scope" IN ('read', 'write')`)
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  // Named, not imported: another module's entity class stays inside it (.dependency-cruiser.cjs).
  @ManyToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'api_keys_user_id_fkey' })
  user?: User;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  scope: ApiKeyScope;

  @Column({ type: 'text' })
  prefix: string;

  @Index('api_keys_key_hash_key', { unique: true })
  @Column({ name: 'key_hash', type: 'text' })
  keyHash: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt: Date | null;

  /** Set when the creator revokes the key; a revoked key is refused from the next request on. */
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;

  @Column({ name: 'last_used_ip', type: 'text', nullable: true })
  lastUsedIp: string | null;
}
