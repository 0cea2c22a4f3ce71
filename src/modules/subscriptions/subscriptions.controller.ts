import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, KeyScope } from '../auth';
import type { User } from '../users';
import { BillingService } from './billing.service';
import { RedirectUrlDto, SubscriptionStatusDto } from './subscription.dto';

@ApiTags('subscription')
@ApiBearerAuth()
@Controller('api/subscription')
export class SubscriptionsController {
  constructor(private readonly billing: BillingService) {}

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
  createCheckoutSession(@CurrentUser() user: User): Promise<RedirectUrlDto> {
    return this.billing.createCheckoutSession(user);
  }

  @Post('create-portal-session')
  @HttpCode(200)
  @ApiOkResponse({ type: RedirectUrlDto })
  @ApiForbiddenResponse({ description: 'Please subscribe to a plan before managing billing.' })
  createPortalSession(@CurrentUser() user: User): Promise<RedirectUrlDto> {
    return this.billing.createPortalSession(user);
  }
}
