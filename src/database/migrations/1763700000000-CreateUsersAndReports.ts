import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsersAndReports1763700000000 implements MigrationInterface {
  name = 'CreateUsersAndReports1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "users" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "firebase_uid" text NOT NULL,
      "email" text,
      "display_name" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "users_pkey" PRIMARY KEY ("id")
    )`);
    await db.query(`CREATE UNIQUE INDEX "users_firebase_uid_key" ON "users" ("firebase_uid")`);

    await db.query(`CREATE TABLE "reports" (
      "id" uuid NOT NULL DEFAULT gen_random_uuid(),
      "user_id" uuid,
      "original_filename" text NOT NULL,
      "status" text NOT NULL DEFAULT 'processing',
      "progress" smallint NOT NULL DEFAULT 0,
      "current_step" text NOT NULL DEFAULT 'uploading',
      "step_message" text,
      "eta" integer,
      "error" text,
      "feedback_style" text NOT NULL DEFAULT 'balanced',
      "duration_seconds" double precision,
      "viral_risk_score" real,
      "drop_off_likelihood" real,
      "watch_time_loss" real,
      "prevention_roi" real,
      "issues_count" integer,
      "share_token" text,
      "share_expires_at" timestamptz,
      "upload_path" text,
      "analyzed_at" timestamptz,
      "frames_deleted_at" timestamptz,
      "is_sample" boolean NOT NULL DEFAULT false,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "reports_pkey" PRIMARY KEY ("id"),
      CONSTRAINT "reports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE,
      CONSTRAINT "reports_status_check" CHECK ("status" IN ('processing', 'completed', 'ready', 'error')),
      CONSTRAINT "reports_feedback_style_check" CHECK ("feedback_style" IN ('gentle', 'balanced', 'brutal')),
      CONSTRAINT "reports_progress_check" CHECK ("progress" BETWEEN 0 AND 100),
      CONSTRAINT "reports_owner_check" CHECK ("user_id" IS NOT NULL OR "is_sample")
    )`);
    // The dashboard lists one user's reports newest first.
    await db.query(`CREATE INDEX "reports_user_created_idx" ON "reports" ("user_id", "created_at")`);
    await db.query(`CREATE UNIQUE INDEX "reports_share_token_key" ON "reports" ("share_token") WHERE share_token IS NOT NULL`);
    // The maintenance sweep looks for unfinished work and for finished reports that still hold files.
    await db.query(`CREATE INDEX "reports_processing_idx" ON "reports" ("updated_at") WHERE status = 'processing'`);
    await db.query(`CREATE INDEX "reports_frames_kept_idx" ON "reports" ("analyzed_at") WHERE frames_deleted_at IS NULL AND analyzed_at IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "reports"`);
    await db.query(`DROP TABLE "users"`);
  }
}
