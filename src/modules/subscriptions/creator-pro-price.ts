import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { STRIPE } from '../../infra/stripe/stripe.client';

/** Creator Pro £99/month, billed monthly. */
export const CREATOR_PRO_PRICE = { unitAmount: 9900, currency: 'gbp', interval: 'month', lookupKey: 'preflight_creator_pro_monthly' } as const;

/**
 * The Stripe price id for Creator Pro: STRIPE_PRICE_ID when set, else the price with our lookup key, created (with its
 * product) the first time it is needed. The answer is kept for the life of the process; a failure is retried next time.
 */
@Injectable()
export class CreatorProPrice {
  private readonly log = new Logger(CreatorProPrice.name);
  private pending: Promise<string> | null = null;

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  id(): Promise<string> {
    const configured = this.config.stripe?.priceId;
    if (configured) return Promise.resolve(configured);
    this.pending ??= this.findOrCreate().catch((error: unknown) => {
      this.pending = null;
      throw error;
    });
    return this.pending;
  }

  private async findOrCreate(): Promise<string> {
    const stripe = this.stripe!;
    const found = await stripe.prices.list({ lookup_keys: [CREATOR_PRO_PRICE.lookupKey], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const product = await stripe.products.create({ name: 'Creator Pro', description: 'Unlimited video analyses' });
    const price = await stripe.prices.create({
      product: product.id,
      unit_amount: CREATOR_PRO_PRICE.unitAmount,
      currency: CREATOR_PRO_PRICE.currency,
      recurring: { interval: CREATOR_PRO_PRICE.interval },
      lookup_key: CREATOR_PRO_PRICE.lookupKey,
    });
    this.log.log(`created the Creator Pro price ${price.id} (set STRIPE_PRICE_ID to pin it)`);
    return price.id;
  }
}
