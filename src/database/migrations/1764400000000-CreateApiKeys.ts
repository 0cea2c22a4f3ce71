import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creators' API keys (issue 30): only the key's SHA-256 is stored; deleting the creator deletes their keys. */
export class CreateApiKeys1764400000000 implements MigrationInterface {
  name = 'CreateApiKeys1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "api_keys" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "name" text NOT NULL,
      "scope" text NOT NULL,
      "prefix" text NOT NULL,
      "key_hash" text NOT NULL,
      "created_at" timestamptz NOT NULL,
      "expires_at" timestamptz,
      "revoked_at" timestamptz,
      "last_used_at" timestamptz,
      "last_used_ip" text,
      CONSTRAINT "api_keys_scope_check" CHECK ("scope" IN ('read', 'write')),
      CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
    )`);
    await db.query(`CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys" ("key_hash")`);
    await db.query(`CREATE INDEX "api_keys_user_idx" ON "api_keys" ("user_id", "created_at")`);
    await db.query(
      `ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "api_keys"`);
  }
}
