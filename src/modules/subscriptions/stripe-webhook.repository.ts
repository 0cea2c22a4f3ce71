import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type Stripe from 'stripe';

/** What the Stripe webhook reads and writes inside its transaction: the events applied (stripe_events). */
@Injectable()
export class StripeWebhookRepository {
  /**
   * Records the event; false when it was recorded before (a redelivery). A concurrent delivery of the same event
   * waits on the insert for the first one's transaction, then finds the row.
   */
  async recordOnce(manager: EntityManager, event: Stripe.Event): Promise<boolean> {
    const recorded = (await manager.query(`INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id`, [
      event.id,
      event.type,
    ])) as unknown[];
    return recorded.length > 0;
  }

  /** Notes the creator the event was applied to. */
  async attribute(manager: EntityManager, eventId: string, userId: string): Promise<void> {
    await manager.query('UPDATE stripe_events SET user_id = $2 WHERE id = $1', [eventId, userId]);
  }
}
