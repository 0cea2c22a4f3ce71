import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The analysis's phase within its step and that phase's own percentage (upload received, decoding 42 %, analysing,
 * rendering frames), and the worker seconds a completed analysis took: the recent ones measure this server's speed for
 * the time left (issue 28, item 6). The partial index serves the "latest completed analyses" read. And the seconds of
 * each view the fixes are predicted to add, so the dashboard says the gain in watch time, not in £ (item 9).
 */
export class AddReportPhaseAndWorkSeconds1764495000000 implements MigrationInterface {
  name = 'AddReportPhaseAndWorkSeconds1764495000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" ADD "phase" text NULL`);
    await db.query(`ALTER TABLE "reports" ADD "phase_percent" smallint NULL`);
    await db.query(`ALTER TABLE "reports" ADD CONSTRAINT "reports_phase_check" CHECK ("phase" IS NULL OR "phase" IN ('received', 'decoding', 'analysing', 'rendering'))`);
    await db.query(`ALTER TABLE "reports" ADD CONSTRAINT "reports_phase_percent_check" CHECK ("phase_percent" BETWEEN 0 AND 100)`);
    await db.query(`ALTER TABLE "reports" ADD "work_seconds" double precision NULL`);
    await db.query(`ALTER TABLE "reports" ADD "watch_gain_seconds" double precision NULL`);
    await db.query(`CREATE INDEX "reports_speed_sample_idx" ON "reports" ("analyzed_at") WHERE work_seconds IS NOT NULL AND duration_seconds > 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "reports_speed_sample_idx"`);
    await db.query(`ALTER TABLE "reports" DROP COLUMN "watch_gain_seconds"`);
    await db.query(`ALTER TABLE "reports" DROP COLUMN "work_seconds"`);
    await db.query(`ALTER TABLE "reports" DROP CONSTRAINT "reports_phase_percent_check"`);
    await db.query(`ALTER TABLE "reports" DROP CONSTRAINT "reports_phase_check"`);
    await db.query(`ALTER TABLE "reports" DROP COLUMN "phase_percent"`);
    await db.query(`ALTER TABLE "reports" DROP COLUMN "phase"`);
  }
}
