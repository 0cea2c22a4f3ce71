import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `ready` is a legacy status meaning `completed` (reports imported from the earlier product carry it; nothing here
 * writes it). It is normalised once, here, where that data entered, and the check constraint keeps it out from now on,
 * so every reader handles three statuses: processing, completed, error.
 */
export class NormaliseReadyStatus1764200000000 implements MigrationInterface {
  name = 'NormaliseReadyStatus1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE "reports" SET "status" = 'completed' WHERE "status" = 'ready'`);
    await db.query(`ALTER TABLE "reports" DROP CONSTRAINT "reports_status_check"`);
    await db.query(`ALTER TABLE "reports" ADD CONSTRAINT "reports_status_check" CHECK ("status" IN ('processing', 'completed', 'error'))`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" DROP CONSTRAINT "reports_status_check"`);
    await db.query(
      `ALTER TABLE "reports" ADD CONSTRAINT "reports_status_check" CHECK ("status" IN ('processing', 'completed', 'ready', 'error'))`,
    );
  }
}
