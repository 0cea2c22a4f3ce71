import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The analysing worker's heartbeat: a report whose worker went silent is shown as resuming (issue 29, item 3). */
export class AddReportWorkerSeenAt1764460000000 implements MigrationInterface {
  name = 'AddReportWorkerSeenAt1764460000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" ADD "worker_seen_at" timestamptz NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" DROP COLUMN "worker_seen_at"`);
  }
}
