import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSubscriptions1763800000000 implements MigrationInterface {
  name = 'CreateSubscriptions1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "subscriptions" (
      "user_id" uuid NOT NULL,
      "status" text NOT NULL DEFAULT 'inactive',
      "plan_type" text NOT NULL DEFAULT 'free',
      "trial_ends_at" timestamptz,
      "current_period_end" timestamptz,
      "stripe_customer_id" text,
      "stripe_subscription_id" text,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("user_id"),
      CONSTRAINT "subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "subscriptions"`);
  }
}
