import { Check, Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { User } from '../users';

/**
 * A creator's YouTube connection (docs/api.md, YouTube): one per creator. Tokens are sealed (token-cipher.ts), never
 * stored in clear. When Google refuses the refresh token (consent withdrawn), the tokens are erased and the row stays
 * as `withdrawn` so the creator is told to connect again; disconnecting deletes the row.
 */
@Entity('youtube_connections')
@Check('youtube_connections_status_check', `"status" IN ('connected', 'withdrawn')`)
export class YoutubeConnection {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'youtube_connections_pkey' })
  userId: string;

  // Named, not imported: another module's entity class stays inside it (.dependency-cruiser.cjs).
  @OneToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'youtube_connections_user_id_fkey' })
  user?: User;

  @Column({ type: 'text' })
  status: 'connected' | 'withdrawn';

  @Column({ name: 'refresh_token_sealed', type: 'text', nullable: true })
  refreshTokenSealed: string | null;

  @Column({ name: 'access_token_sealed', type: 'text', nullable: true })
  accessTokenSealed: string | null;

  @Column({ name: 'access_token_expires_at', type: 'timestamptz', nullable: true })
  accessTokenExpiresAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
