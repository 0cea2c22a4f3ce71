import type { MigrationInterface, QueryRunner } from 'typeorm';
import { isStandardSecret, newWebhookSecret, PREVIOUS_SECRET_GRACE_MS } from '../../common/standard-webhooks';

/**
 * Every stored webhook secret that is not a Standard Webhooks one (before issue 43: whsec_ and 64 hex digits) is
 * rotated the way a creator rotates: a new secret, and the old one still signing for 24 h from now. Done once here
 * rather than on first use, so that every such endpoint's page says so from the release on, deliveries or not.
 * Not undone by down(): the old secrets stay in previous_secret until they expire, and the new ones are kept.
 */
export class RotateLegacyWebhookSecrets1764510000001 implements MigrationInterface {
  name = 'RotateLegacyWebhookSecrets1764510000001';

  async up(db: QueryRunner): Promise<void> {
    const rows = (await db.query(`SELECT "id", "secret" FROM "webhook_endpoints"`)) as { id: string; secret: string }[];
    const now = new Date();
    const until = new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS);
    for (const row of rows.filter((r) => !isStandardSecret(r.secret))) {
      await db.query(
        `UPDATE "webhook_endpoints" SET "previous_secret" = "secret", "previous_secret_expires_at" = $2, "secret" = $3, "secret_replaced_at" = $4 WHERE "id" = $1 AND "secret" = $5`,
        [row.id, until, newWebhookSecret(), now, row.secret],
      );
    }
  }

  async down(): Promise<void> {}
}
