import { ApiProperty } from '@nestjs/swagger';
import { BILLING_STATES, type BillingState } from '@preflight/shared';

/** Subscription status (docs/product.md, Data shapes) (status, planType, trialDays, trialExpires) plus what the billing page shows. */
export class SubscriptionStatusDto {
  @ApiProperty({ enum: ['active', 'trialing', 'past_due', 'canceled', 'expired', 'inactive'] })
  status: string;
  @ApiProperty({ enum: BILLING_STATES, description: 'The billing state whose one message every screen shows (packages/shared/src/rules/billing-state.ts)' })
  billingState: BillingState;
  @ApiProperty({ enum: ['free', 'creator_pro'] })
  planType: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Whole days of trial left while trialing' })
  trialDays: number | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  trialExpires: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'End of the paid period' })
  currentPeriodEnd: string | null;
  @ApiProperty({ description: 'The plan ends at currentPeriodEnd (cancelled in the portal)' })
  cancelAtPeriodEnd: boolean;
  @ApiProperty({ type: Number, nullable: true, description: 'Analyses left on the free plan; null = unlimited' })
  analysesLeft: number | null;
  @ApiProperty({ description: 'Analyses the free plan includes' })
  freeAnalyses: number;
  @ApiProperty({ description: 'Completed analyses' })
  videosTested: number;
  @ApiProperty({ type: String, format: 'date-time' })
  memberSince: string;
  @ApiProperty({ description: 'Payments run against Stripe test mode or the local stand-in' })
  testMode: boolean;
}

export class RedirectUrlDto {
  @ApiProperty({ description: 'Where the browser goes next (Stripe Checkout or the Billing Portal)' })
  url: string;
}
