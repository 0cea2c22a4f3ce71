import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue counts per category on the row, so insights aggregate in SQL instead of reading every report.json. */
export class AddReportCategoryCounts1763900000000 implements MigrationInterface {
  name = 'AddReportCategoryCounts1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" ADD "category_counts" jsonb NOT NULL DEFAULT '{}'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" DROP COLUMN "category_counts"`);
  }
}
