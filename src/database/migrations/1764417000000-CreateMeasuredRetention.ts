import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Measured retention: one curve per report, uploaded by its owner after posting. Deleted with the report (and the
 * account) by ON DELETE CASCADE; user_id is the report's owner, indexed for the per-creator calibration.
 */
export class CreateMeasuredRetention1764417000000 implements MigrationInterface {
  name = 'CreateMeasuredRetention1764417000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "measured_retention" (
        "report_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "source" text NOT NULL,
        "points" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "measured_retention_pkey" PRIMARY KEY ("report_id"),
        CONSTRAINT "measured_retention_source_check" CHECK ("source" IN ('csv', 'json', 'youtube')),
        CONSTRAINT "measured_retention_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE,
        CONSTRAINT "measured_retention_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX "measured_retention_user_idx" ON "measured_retention" ("user_id", "updated_at")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "measured_retention"`);
  }
}
