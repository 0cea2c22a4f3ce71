import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A creator's YouTube connection: sealed OAuth tokens (AES-256-GCM), deleted with the account. */
export class CreateYoutubeConnections1764490000000 implements MigrationInterface {
  name = 'CreateYoutubeConnections1764490000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "youtube_connections" (
        "user_id" uuid NOT NULL,
        "status" text NOT NULL,
        "refresh_token_sealed" text,
        "access_token_sealed" text,
        "access_token_expires_at" TIMESTAMP WITH TIME ZONE,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "youtube_connections_pkey" PRIMARY KEY ("user_id"),
        CONSTRAINT "youtube_connections_status_check" CHECK ("status" IN ('connected', 'withdrawn')),
        CONSTRAINT "youtube_connections_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "youtube_connections"`);
  }
}
