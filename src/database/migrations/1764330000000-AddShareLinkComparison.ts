import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A share link may open a comparison of two cuts instead of one report: report_id is cut A, compare_report_id cut B.
 * Deleting either report deletes the link.
 */
export class AddShareLinkComparison1764330000000 implements MigrationInterface {
  name = 'AddShareLinkComparison1764330000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "share_links" ADD "compare_report_id" uuid NULL`);
    await db.query(
      `ALTER TABLE "share_links" ADD CONSTRAINT "share_links_compare_report_id_fkey" FOREIGN KEY ("compare_report_id") REFERENCES "reports"("id") ON DELETE CASCADE`,
    );
    await db.query(`ALTER TABLE "share_links" ADD CONSTRAINT "share_links_compare_check" CHECK ("compare_report_id" IS NULL OR "compare_report_id" <> "report_id")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "share_links" DROP CONSTRAINT "share_links_compare_check"`);
    await db.query(`ALTER TABLE "share_links" DROP CONSTRAINT "share_links_compare_report_id_fkey"`);
    await db.query(`ALTER TABLE "share_links" DROP COLUMN "compare_report_id"`);
  }
}
