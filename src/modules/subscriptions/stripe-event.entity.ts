import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A Stripe webhook event we have applied; its id is the idempotency key (a replay finds the row and stops). */
@Entity('stripe_events')
export class StripeEvent {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;
}
