import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The analysis outbox: an upload writes its report row and a row here in one transaction; the row is deleted once the
 * analysis job is in Redis. While Redis is away the row waits and a relay queues the job when it is back, so an
 * accepted upload is never left without its analysis (issue 29, item 2).
 */
export class AddAnalysisOutbox1764450000000 implements MigrationInterface {
  name = 'AddAnalysisOutbox1764450000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "analysis_outbox" (
      "report_id" uuid PRIMARY KEY REFERENCES "reports"("id") ON DELETE CASCADE,
      "request_id" varchar(100) NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "attempts" integer NOT NULL DEFAULT 0,
      "last_error" text NULL
    )`);
    await db.query(`CREATE INDEX "analysis_outbox_created_at" ON "analysis_outbox" ("created_at")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "analysis_outbox"`);
  }
}
