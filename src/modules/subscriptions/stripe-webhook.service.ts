import { WebhooksService } from '../webhooks';
import { BadRequestException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Stripe from 'stripe';
import type { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { holdTransactionLock } from '../../database/advisory-lock';
import { STRIPE } from '../../infra/stripe/stripe.client';
import { UsersService } from '../users';
import { BILLING_UNAVAILABLE_MESSAGE } from './billing.service';
import { StripeWebhookRepository } from './stripe-webhook.repository';
import { Subscription } from './subscription.entity';
import { mayReplace, planStateFromStripe } from './subscription-state';

export const BAD_SIGNATURE_MESSAGE = 'Invalid Stripe signature.';
export const NOT_AN_EVENT_MESSAGE = 'The body is not a Stripe event (id, type and data.object are required).';

/**
 * A token Stripe could have sent as an id or event type: printable ASCII without spaces ("evt_1Nx…",
 * "customer.subscription.deleted"). Anything else (a NUL byte, which PostgreSQL's text refuses, was a 500 found by
 * the fuzz tier) is not Stripe's.
 */
const isStripeToken = (value: unknown): value is string => typeof value === 'string' && /^[\x21-\x7e]{1,255}$/.test(value);

/** What the handler reads of an event; a signed body without it is refused rather than half-read. */
function isEvent(value: unknown): value is Stripe.Event {
  const event = value as Partial<Stripe.Event> | null;
  return (
    typeof event === 'object' && event !== null &&
    isStripeToken(event.id) &&
    isStripeToken(event.type) &&
    typeof event.data === 'object' && event.data !== null &&
    typeof event.data.object === 'object' && event.data.object !== null
  );
}

export interface WebhookOutcome {
  received: true;
  /** This event id was applied before; nothing changed. */
  duplicate: boolean;
}

type IdOrObject = string | { id: string } | null | undefined;
/** An id Stripe could have sent, as a string or an expanded object's. */
const idOf = (value: IdOrObject): string | null => {
  const id = typeof value === 'object' && value !== null ? value.id : value;
  return isStripeToken(id) ? id : null;
};

/** The subscription an event is about, for the events that move plan state; null for the rest. */
export function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type === 'checkout.session.completed') return idOf(object.subscription as IdOrObject);
  if (event.type.startsWith('customer.subscription.')) return idOf(object.id as IdOrObject);
  if (event.type.startsWith('invoice.')) {
    // Older API versions name it on the invoice; newer ones under parent.subscription_details.
    const parent = object.parent as { subscription_details?: { subscription?: IdOrObject } } | null | undefined;
    return idOf(object.subscription as IdOrObject) ?? idOf(parent?.subscription_details?.subscription);
  }
  return null;
}

/**
 * Applies Stripe's webhook events to the plan state. Verified with the SDK (raw body + signing secret); each event id
 * is recorded in the same transaction that applies it, so a replay changes nothing; the state written is the one
 * Stripe holds *now* (the subscription is retrieved, under a per-subscription lock), so events arriving late or out of
 * order never move a plan back.
 */
@Injectable()
export class StripeWebhookService {
  private readonly log = new Logger(StripeWebhookService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
    private readonly webhooks: WebhooksService,
    private readonly events: StripeWebhookRepository,
    private readonly users: UsersService,
  ) {}

  verify(rawBody: Buffer | undefined, signature: string | string[] | undefined): Stripe.Event {
    if (!this.stripe || !this.config.stripe) throw new ServiceUnavailableException(BILLING_UNAVAILABLE_MESSAGE);
    if (!rawBody?.length || typeof signature !== 'string' || !signature) throw new BadRequestException(BAD_SIGNATURE_MESSAGE);
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.stripe.webhookSecret);
    } catch {
      throw new BadRequestException(BAD_SIGNATURE_MESSAGE);
    }
    // Signed is not well-formed: a signed body of another shape was a 500 (found by the fuzz tier).
    if (!isEvent(event)) throw new BadRequestException(NOT_AN_EVENT_MESSAGE);
    return event;
  }

  async handle(event: Stripe.Event): Promise<WebhookOutcome> {
    let changed: { userId: string; subscription: Stripe.Subscription } | null = null;
    const outcome = await this.applyEvent(event, (userId, subscription) => (changed = { userId, subscription }));
    // After the commit: the creator's subscription.updated webhook describes what is now on file.
    const done = changed as { userId: string; subscription: Stripe.Subscription } | null;
    if (done) {
      const plan = planStateFromStripe(done.subscription);
      await this.webhooks.emit(done.userId, 'subscription.updated', {
        status: plan.status,
        trial_ends_at: plan.trialEndsAt?.toISOString() ?? null,
        current_period_end: plan.currentPeriodEnd?.toISOString() ?? null,
        cancel_at_period_end: plan.cancelAtPeriodEnd,
      });
    }
    return outcome;
  }

  private applyEvent(event: Stripe.Event, onApplied: (userId: string, subscription: Stripe.Subscription) => void): Promise<WebhookOutcome> {
    const stripe = this.stripe!;
    return this.db.transaction(async (manager) => {
      // A concurrent delivery of the same event waits here for this transaction, then finds the row.
      if (!(await this.events.recordOnce(manager, event))) return { received: true, duplicate: true };

      const subscriptionId = subscriptionIdOf(event);
      if (!subscriptionId) return { received: true, duplicate: false };
      // One subscription's events are applied one at a time, each with the state Stripe holds after the last one.
      await holdTransactionLock(manager, subscriptionId);
      const subscription = await stripe.subscriptions.retrieve(subscriptionId).catch((error: unknown) => {
        // Stripe has no such subscription (another account's, or deleted): retrying the event cannot help, so it is
        // acknowledged and ignored, as for a subscription of no Preflight user. Other failures stay errors, so
        // Stripe retries them.
        if ((error as { statusCode?: number }).statusCode === 404) return null;
        throw error;
      });
      if (!subscription) {
        this.log.warn(`${event.type} ${event.id}: Stripe has no subscription ${subscriptionId}; ignored`);
        return { received: true, duplicate: false };
      }
      const userId = await this.ownerOf(manager, subscription, event);
      if (!userId) {
        this.log.warn(`${event.type} ${event.id}: subscription ${subscriptionId} belongs to no Preflight user; ignored`);
        return { received: true, duplicate: false };
      }
      await this.events.attribute(manager, event.id, userId);
      if (await this.apply(manager, userId, subscription)) onApplied(userId, subscription);
      return { received: true, duplicate: false };
    });
  }

  /** The creator a subscription belongs to: the id we put in its metadata at checkout, else its Stripe customer. */
  private async ownerOf(manager: EntityManager, subscription: Stripe.Subscription, event: Stripe.Event): Promise<string | null> {
    const candidates = [
      subscription.metadata?.userId,
      event.type === 'checkout.session.completed' ? (event.data.object as Stripe.Checkout.Session).client_reference_id : null,
    ].filter((id): id is string => typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id));
    for (const id of candidates) {
      if (await this.users.exists(id, manager)) return id;
    }
    const customerId = idOf(subscription.customer);
    const row = customerId ? await manager.getRepository(Subscription).findOneBy({ stripeCustomerId: customerId }) : null;
    return row?.userId ?? null;
  }

  /** Writes the plan; false when the subscription is older than the plan on file (kept). */
  private async apply(manager: EntityManager, userId: string, subscription: Stripe.Subscription): Promise<boolean> {
    const repo = manager.getRepository(Subscription);
    const [row] = await repo.find({ where: { userId }, lock: { mode: 'pessimistic_write' } });
    const next = planStateFromStripe(subscription);
    if (!mayReplace(row ?? null, next)) {
      this.log.log(`subscription ${next.stripeSubscriptionId} (${next.status}) is older than the plan on file; kept ${row?.stripeSubscriptionId}`);
      return false;
    }
    await repo.upsert({ userId, ...next }, ['userId']);
    return true;
  }
}
