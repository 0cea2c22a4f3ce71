import { Column, CreateDateColumn, Entity, Index, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { User } from '../users';

/** Stripe-style subscription states; `expired` is a trial that ran out. */
export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'canceled' | 'expired' | 'inactive';

/** One row per creator who ever started a checkout; written from Stripe's subscription object only. */
@Entity('subscriptions')
export class Subscription {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  // Named, not imported: another module's entity class stays inside it (.dependency-cruiser.cjs).
  @OneToOne('User', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'subscriptions_user_id_fkey' })
  user?: User;

  @Column({ type: 'text', default: 'inactive' })
  status: SubscriptionStatus;

  @Column({ name: 'plan_type', type: 'text', default: 'free' })
  planType: string;

  @Column({ name: 'trial_ends_at', type: 'timestamptz', nullable: true })
  trialEndsAt: Date | null;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  @Index('subscriptions_stripe_customer_id_key', { unique: true })
  @Column({ name: 'stripe_customer_id', type: 'text', nullable: true })
  stripeCustomerId: string | null;

  @Index('subscriptions_stripe_subscription_id_key', { unique: true })
  @Column({ name: 'stripe_subscription_id', type: 'text', nullable: true })
  stripeSubscriptionId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
