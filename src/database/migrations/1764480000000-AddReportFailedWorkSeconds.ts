import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The worker time an analysis used before it failed: a free creator's failures have a daily budget (issue 29, item 12). */
export class AddReportFailedWorkSeconds1764480000000 implements MigrationInterface {
  name = 'AddReportFailedWorkSeconds1764480000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" ADD "failed_work_seconds" double precision NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" DROP COLUMN "failed_work_seconds"`);
  }
}
