import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Billing: every Stripe event id is recorded once (a replayed webhook changes nothing), and a Stripe customer or
 * subscription belongs to one creator.
 */
export class AddStripeEvents1764000000000 implements MigrationInterface {
  name = 'AddStripeEvents1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE "stripe_events" (
      "id" text NOT NULL,
      "type" text NOT NULL,
      "user_id" uuid,
      "received_at" timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT "stripe_events_pkey" PRIMARY KEY ("id")
    )`);
    await db.query(`ALTER TABLE "subscriptions" ADD "cancel_at_period_end" boolean NOT NULL DEFAULT false`);
    await db.query(`CREATE UNIQUE INDEX "subscriptions_stripe_customer_id_key" ON "subscriptions" ("stripe_customer_id")`);
    await db.query(`CREATE UNIQUE INDEX "subscriptions_stripe_subscription_id_key" ON "subscriptions" ("stripe_subscription_id")`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "subscriptions_stripe_subscription_id_key"`);
    await db.query(`DROP INDEX "subscriptions_stripe_customer_id_key"`);
    await db.query(`ALTER TABLE "subscriptions" DROP COLUMN "cancel_at_period_end"`);
    await db.query(`DROP TABLE "stripe_events"`);
  }
}
