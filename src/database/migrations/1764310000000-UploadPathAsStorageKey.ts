import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `upload_path` held the upload's absolute path on the shared disk; with the storage port it holds its key in the
 * store (`uploads/<name>`), the same on every machine and for both drivers. The folder layout was always
 * `<STORAGE_DIR>/uploads/<name>`, so the key is the path's last two segments.
 */
export class UploadPathAsStorageKey1764310000000 implements MigrationInterface {
  name = 'UploadPathAsStorageKey1764310000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE "reports" SET "upload_path" = substring("upload_path" from '(uploads/[^/]+)$') WHERE "upload_path" ~ '^/.*/uploads/[^/]+$'`);
  }

  async down(_db: QueryRunner): Promise<void> {
    // The storage folder is configuration, not data: keys stay keys (the local adapter reads them below STORAGE_DIR).
  }
}
