import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Creators' webhook endpoints and their delivery log (issue 30). Deleting a creator deletes both. */
export class CreateWebhooks1764410000000 implements MigrationInterface {
  name = 'CreateWebhooks1764410000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "webhook_endpoints" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL,
      "url" text NOT NULL,
      "secret" text NOT NULL,
      "events" text array NOT NULL,
      "created_at" timestamptz NOT NULL,
      "last_success_at" timestamptz,
      "disabled_at" timestamptz,
      "disabled_reason" text,
      CONSTRAINT "webhook_endpoints_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "webhook_endpoints_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
    )`);
    await db.query(`CREATE INDEX "webhook_endpoints_user_idx" ON "webhook_endpoints" ("user_id", "created_at")`);
    await db.query(`CREATE TABLE "webhook_deliveries" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "endpoint_id" uuid NOT NULL,
      "event_id" text NOT NULL,
      "event_type" text NOT NULL,
      "payload" text NOT NULL,
      "status" text NOT NULL,
      "attempts" integer NOT NULL,
      "response_code" integer,
      "response_excerpt" text,
      "error" text,
      "created_at" timestamptz NOT NULL,
      "last_attempt_at" timestamptz,
      CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE
    )`);
    await db.query(`CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "created_at")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "webhook_deliveries"`);
    await db.query(`DROP TABLE "webhook_endpoints"`);
  }
}
