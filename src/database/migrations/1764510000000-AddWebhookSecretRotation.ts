import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook secret rotation (issue 43): after a rotation the previous secret signs too until previous_secret_expires_at;
 * secret_replaced_at marks a secret Preflight replaced itself (RotateLegacyWebhookSecrets), which the creator has not seen.
 */
export class AddWebhookSecretRotation1764510000000 implements MigrationInterface {
  name = 'AddWebhookSecretRotation1764510000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "webhook_endpoints" ADD "previous_secret" text NULL, ADD "previous_secret_expires_at" timestamptz NULL, ADD "secret_replaced_at" timestamptz NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "webhook_endpoints" DROP COLUMN "previous_secret", DROP COLUMN "previous_secret_expires_at", DROP COLUMN "secret_replaced_at"`);
  }
}
