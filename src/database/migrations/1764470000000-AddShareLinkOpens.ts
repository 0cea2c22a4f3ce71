import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How often a share link was opened and when last: what the creator's Share dialog lists beside each live link
 * (issue 28). Links made before count from zero. Dated after main's latest migration, so it runs last on a database that has them.
 */
export class AddShareLinkOpens1764470000000 implements MigrationInterface {
  name = 'AddShareLinkOpens1764470000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "share_links" ADD "open_count" integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE "share_links" ADD "last_opened_at" timestamptz NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "share_links" DROP COLUMN "last_opened_at"`);
    await db.query(`ALTER TABLE "share_links" DROP COLUMN "open_count"`);
  }
}
