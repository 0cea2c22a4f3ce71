import { Controller, Headers, HttpCode, Post, Req, type RawBodyRequest } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public } from '../auth';
import { StripeWebhookService, type WebhookOutcome } from './stripe-webhook.service';

/** Stripe's webhook endpoint: no bearer, the Stripe-Signature over the raw body is the authentication. */
@ApiExcludeController()
@Public()
@Controller('api/webhooks/stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post()
  @HttpCode(200)
  receive(@Req() req: RawBodyRequest<Request>, @Headers('stripe-signature') signature: string | undefined): Promise<WebhookOutcome> {
    return this.webhooks.handle(this.webhooks.verify(req.rawBody, signature));
  }
}
