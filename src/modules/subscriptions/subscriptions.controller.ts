import { Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { CurrentUser, KeyScope } from '../auth';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { User } from '../users';
import { BillingService } from './billing.service';
import { RedirectUrlDto, SubscriptionStatusDto } from './subscription.dto';

@ApiTags('subscription')
@ApiBearerAuth()
@Controller('api/subscription')
export class SubscriptionsController {
  constructor(
    private readonly billing: BillingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('status')
  @KeyScope('read')
  @ApiOkResponse({ type: SubscriptionStatusDto })
  getSubscriptionStatus(@CurrentUser() user: User): Promise<SubscriptionStatusDto> {
    return this.billing.status(user);
  }

  /** Stripe Checkout for Creator Pro (subscription mode, GBP, free trial once per creator). */
  @Post('checkout-session')
  @HttpCode(200)
  @ApiOkResponse({ type: RedirectUrlDto })
  @ApiConflictResponse({ description: 'The creator already has an active or trialing plan' })
  createCheckoutSession(@CurrentUser() user: User, @Req() req: Request): Promise<RedirectUrlDto> {
    return this.billing.createCheckoutSession(user, this.appOrigin(req));
  }

  @Post('create-portal-session')
  @HttpCode(200)
  @ApiOkResponse({ type: RedirectUrlDto })
  @ApiForbiddenResponse({ description: 'Please subscribe to a plan before managing billing.' })
  createPortalSession(@CurrentUser() user: User, @Req() req: Request): Promise<RedirectUrlDto> {
    return this.billing.createPortalSession(user, this.appOrigin(req));
  }

  /** Where Stripe sends the creator back to: PUBLIC_URL, else the origin this request came to. */
  private appOrigin(req: Request): string {
    return this.config.publicUrl ?? `${req.protocol}://${req.get('host')}`;
  }
}
