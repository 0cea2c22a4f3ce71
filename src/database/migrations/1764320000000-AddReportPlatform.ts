import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The target platform chosen at upload (auto, tiktok, shorts, reels, youtube), which the worker passes to the engine. */
export class AddReportPlatform1764320000000 implements MigrationInterface {
  name = 'AddReportPlatform1764320000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" ADD "platform" text NOT NULL DEFAULT 'auto'`);
    await db.query(
      `ALTER TABLE "reports" ADD CONSTRAINT "reports_platform_check" CHECK ("platform" IN ('auto', 'tiktok', 'shorts', 'reels', 'youtube'))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "reports" DROP CONSTRAINT "reports_platform_check"`);
    await db.query(`ALTER TABLE "reports" DROP COLUMN "platform"`);
  }
}
