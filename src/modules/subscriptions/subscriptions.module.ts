import { ReportDataModule } from '../reports';
import { UsersModule } from '../users';
import { WebhooksCoreModule } from '../webhooks';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { createStripeClient, STRIPE } from '../../infra/stripe/stripe.client';
import { BillingService } from './billing.service';
import { CreatorProPrice } from './creator-pro-price';
import { StripeWebhookRepository } from './stripe-webhook.repository';
import { StripeEvent } from './stripe-event.entity';
import { StripeWebhookController } from './stripe-webhook.controller';
import { StripeWebhookService } from './stripe-webhook.service';
import { Subscription } from './subscription.entity';
import { SubscriptionsController } from './subscriptions.controller';
import { TrialGateInterceptor } from './trial-gate.interceptor';
import { TrialGateService } from './trial-gate.service';

/** Plan state (PostgreSQL, written from Stripe only), the 402 trial gate, Checkout, the Billing Portal and webhooks. */
@Module({
  imports: [TypeOrmModule.forFeature([Subscription, StripeEvent]), ReportDataModule, UsersModule, WebhooksCoreModule],
  controllers: [SubscriptionsController, StripeWebhookController],
  providers: [
    { provide: STRIPE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => (config.stripe ? createStripeClient(config.stripe) : null) },
    TrialGateService,
    StripeWebhookRepository,
    TrialGateInterceptor,
    CreatorProPrice,
    BillingService,
    StripeWebhookService,
  ],
  exports: [TrialGateService, TrialGateInterceptor],
})
export class SubscriptionsModule {}
