import { BadGatewayException, ConflictException, ForbiddenException, Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { billingStateOf } from '@preflight/shared';
import Stripe from 'stripe';
import type { Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { publicUrl } from '../../config/public-origin';
import { STRIPE } from '../../infra/stripe/stripe.client';
import { ReportsRepository } from '../reports';
import type { User } from '../users';
import { CreatorProPrice } from './creator-pro-price';
import { Subscription } from './subscription.entity';
import { effectiveStatus, FREE_PLAN, hasPaidAccess, mayOpenPortal } from './subscription-state';
import type { RedirectUrlDto, SubscriptionStatusDto } from './subscription.dto';
import { FREE_ANALYSES, TrialGateService } from './trial-gate.service';

/** The toast text of "Manage Subscription" without a live plan (docs/product.md, Billing). */
export const NO_ACTIVE_SUBSCRIPTION_MESSAGE = 'Please subscribe to a plan before managing billing.';
export const BILLING_UNAVAILABLE_MESSAGE = 'Billing is not configured on this server.';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have Creator Pro. Manage it from the billing page.';
export const STRIPE_FAILED_MESSAGE = 'Our payment provider did not answer. Please try again in a minute.';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The creator's side of billing: plan status, Stripe Checkout to subscribe, the Billing Portal to manage. */
@Injectable()
export class BillingService {
  private readonly log = new Logger(BillingService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>,
    private readonly gate: TrialGateService,
    private readonly price: CreatorProPrice,
    private readonly reports: ReportsRepository,
  ) {}

  async status(user: User, now = new Date()): Promise<SubscriptionStatusDto> {
    const row = await this.subscriptions.findOneBy({ userId: user.id });
    const status = effectiveStatus(row, now);
    const trialing = status === 'trialing' && row?.trialEndsAt;
    const analysesLeft = await this.gate.analysesLeft(user.id);
    const trialExpires = row?.trialEndsAt?.toISOString() ?? null;
    const currentPeriodEnd = row?.currentPeriodEnd?.toISOString() ?? null;
    const cancelAtPeriodEnd = row?.cancelAtPeriodEnd ?? false;
    return {
      status,
      billingState: billingStateOf({ status, cancelAtPeriodEnd, trialExpires, currentPeriodEnd, analysesLeft }),
      planType: hasPaidAccess(row, now) || status === 'past_due' ? (row?.planType ?? FREE_PLAN) : FREE_PLAN,
      trialDays: trialing ? Math.ceil((row.trialEndsAt!.getTime() - now.getTime()) / DAY_MS) : null,
      trialExpires,
      currentPeriodEnd,
      cancelAtPeriodEnd,
      analysesLeft,
      freeAnalyses: FREE_ANALYSES,
      videosTested: await this.reports.countCompleted(user.id),
      memberSince: user.createdAt.toISOString(),
      testMode: this.config.stripe?.testMode ?? false,
    };
  }

  /** A Stripe Checkout session for Creator Pro; the trial is offered once per creator. */
  createCheckoutSession(user: User): Promise<RedirectUrlDto> {
    return this.askStripe('checkout', () => this.checkoutSession(user));
  }

  /** A Billing Portal session; refused without an active or trialing plan. */
  createPortalSession(user: User): Promise<RedirectUrlDto> {
    return this.askStripe('portal', () => this.portalSession(user));
  }

  private async checkoutSession(user: User): Promise<RedirectUrlDto> {
    const stripe = this.requireStripe();
    const row = await this.subscriptions.findOneBy({ userId: user.id });
    if (hasPaidAccess(row)) throw new ConflictException(ALREADY_SUBSCRIBED_MESSAGE);
    const customer = await this.customerFor(user, row);
    const trialDays = this.config.stripe!.trialDays;
    const offerTrial = trialDays > 0 && !row?.trialEndsAt && !row?.stripeSubscriptionId;
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: user.id,
      line_items: [{ price: await this.price.id(), quantity: 1 }],
      subscription_data: { metadata: { userId: user.id }, ...(offerTrial ? { trial_period_days: trialDays } : {}) },
      metadata: { userId: user.id },
      // Stripe sends the creator back to the configured origin, never to the Host this request named.
      success_url: publicUrl(this.config, '/app/billing?checkout=success'),
      cancel_url: publicUrl(this.config, '/app/pricing?checkout=cancelled'),
    });
    if (!session.url) throw new ServiceUnavailableException('Stripe did not return a checkout page.');
    return { url: session.url };
  }

  private async portalSession(user: User): Promise<RedirectUrlDto> {
    const stripe = this.requireStripe();
    const row = await this.subscriptions.findOneBy({ userId: user.id });
    if (!mayOpenPortal(row)) throw new ForbiddenException(NO_ACTIVE_SUBSCRIPTION_MESSAGE);
    const session = await stripe.billingPortal.sessions.create({ customer: row!.stripeCustomerId!, return_url: publicUrl(this.config, '/app/billing') });
    return { url: session.url };
  }

  /** Stripe being down or refusing a call is not the creator's fault: 502 with a plain message, the detail in the log. */
  private async askStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      this.log.error(`${what}: Stripe answered ${error.type} ${error.statusCode ?? ''} ${error.message}`);
      throw new BadGatewayException(STRIPE_FAILED_MESSAGE);
    }
  }

  private requireStripe(): Stripe {
    if (!this.stripe) throw new ServiceUnavailableException(BILLING_UNAVAILABLE_MESSAGE);
    return this.stripe;
  }

  /** The creator's Stripe customer, reused across checkouts; a new one when none exists or Stripe no longer has it. */
  private async customerFor(user: User, row: Subscription | null): Promise<string> {
    const stripe = this.requireStripe();
    if (row?.stripeCustomerId) {
      const existing = await stripe.customers.retrieve(row.stripeCustomerId).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'resource_missing') return null;
        throw error;
      });
      if (existing && !existing.deleted) return existing.id;
    }
    const customer = await stripe.customers.create({
      email: user.email ?? undefined,
      name: user.displayName ?? undefined,
      metadata: { userId: user.id },
    });
    await this.subscriptions.upsert({ userId: user.id, stripeCustomerId: customer.id }, ['userId']);
    return customer.id;
  }
}
