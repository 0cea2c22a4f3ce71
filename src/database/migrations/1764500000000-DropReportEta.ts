import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The stored time left is gone: nothing read it any more. The `eta` that GET /api/status/{id} and the dashboard rows
 * answer is computed from the progress and this server's measured speed (processing-progress.ts,
 * analysis-speed.service.ts); the column only kept the engine's decode-pass guess, written and never read.
 */
export class DropReportEta1764500000000 implements MigrationInterface {
  name = 'DropReportEta1764500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" DROP COLUMN "eta"`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" ADD "eta" integer NULL`);
  }
}
