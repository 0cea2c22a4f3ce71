import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Share links move off the report row into their own table: several links per report, each revocable, and only the
 * SHA-256 of each token stored. Existing tokens are carried over (hashed) with the product's settings, then the
 * plain-text columns are dropped.
 */
export class CreateShareLinks1764100000000 implements MigrationInterface {
  name = 'CreateShareLinks1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "share_links" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "report_id" uuid NOT NULL,
      "token_hash" text NOT NULL,
      "allow_download" boolean NOT NULL,
      "show_sensitive_data" boolean NOT NULL,
      "created_at" timestamptz NOT NULL,
      "expires_at" timestamptz NOT NULL,
      "revoked_at" timestamptz,
      CONSTRAINT "share_links_expiry_check" CHECK ("expires_at" > "created_at"),
      CONSTRAINT "share_links_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "share_links_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE
    )`);
    await db.query(`CREATE UNIQUE INDEX "share_links_token_hash_key" ON "share_links" ("token_hash")`);
    await db.query(`CREATE INDEX "share_links_report_idx" ON "share_links" ("report_id", "created_at")`);
    await db.query(`INSERT INTO "share_links" ("report_id", "token_hash", "allow_download", "show_sensitive_data", "created_at", "expires_at")
      SELECT "id", encode(sha256(convert_to("share_token", 'UTF8')), 'hex'), true, false,
             COALESCE("share_expires_at", now() + interval '7 days') - interval '7 days',
             COALESCE("share_expires_at", now() + interval '7 days')
      FROM "reports" WHERE "share_token" IS NOT NULL`);
    await db.query(`DROP INDEX "reports_share_token_key"`);
    await db.query(`ALTER TABLE "reports" DROP COLUMN "share_token"`);
    await db.query(`ALTER TABLE "reports" DROP COLUMN "share_expires_at"`);
  }

  /** The tokens themselves cannot come back (only their hashes were kept): the old columns return empty. */
  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" ADD "share_expires_at" timestamptz`);
    await db.query(`ALTER TABLE "reports" ADD "share_token" text`);
    await db.query(`CREATE UNIQUE INDEX "reports_share_token_key" ON "reports" ("share_token") WHERE share_token IS NOT NULL`);
    await db.query(`DROP TABLE "share_links"`);
  }
}
