import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The creator's edit of a report (issue 42): one cut list per report with the margins kept around speech. Deleted
 * with the report (and the account) by ON DELETE CASCADE.
 */
export class CreateReportEdits1764510000000 implements MigrationInterface {
  name = 'CreateReportEdits1764510000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE "report_edits" (
        "report_id" uuid NOT NULL,
        "user_id" uuid NOT NULL,
        "cuts" jsonb NOT NULL,
        "margin_before_s" double precision NOT NULL,
        "margin_after_s" double precision NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "report_edits_pkey" PRIMARY KEY ("report_id"),
        CONSTRAINT "report_edits_report_id_fkey" FOREIGN KEY ("report_id") REFERENCES "reports"("id") ON DELETE CASCADE,
        CONSTRAINT "report_edits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "report_edits"`);
  }
}
