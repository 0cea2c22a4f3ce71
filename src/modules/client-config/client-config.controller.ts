import { SkipThrottle } from '@nestjs/throttler';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/public.decorator';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DEFAULT_TRIAL_DAYS } from '../../config/env.schema';

class FirebaseWebConfigDto {
  @ApiProperty() apiKey: string;
  @ApiProperty() authDomain: string;
  @ApiProperty() projectId: string;
}

class BillingConfigDto {
  @ApiProperty({ description: 'Checkout and the Billing Portal are reachable (Stripe keys or the local stand-in)' })
  available: boolean;
  @ApiProperty({ description: 'Stripe test mode or the local stand-in: the UI says "test mode"' })
  testMode: boolean;
  @ApiProperty({ description: 'Free trial length of Creator Pro, in days (0: no trial)' })
  trialDays: number;
}

export class PublicConfigDto {
  @ApiProperty({ type: FirebaseWebConfigDto }) firebase: FirebaseWebConfigDto;
  @ApiProperty({ type: String, nullable: true, description: 'Auth emulator URL (development and tests only)' })
  authEmulatorUrl: string | null;
  @ApiProperty() contactEmail: string;
  @ApiProperty({ type: BillingConfigDto }) billing: BillingConfigDto;
}

/** What the browser app needs at start: one build serves every deployment. */
@ApiTags('config')
// Static runtime settings every page load fetches once: no budget to spend on them.
@SkipThrottle({ public: true })
@Public()
@Controller('public/config')
export class ClientConfigController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiOkResponse({ type: PublicConfigDto })
  getPublicConfig(): PublicConfigDto {
    return publicConfigOf(this.config);
  }
}

/** What the web app is told before sign-in; also carried by a server-rendered page (src/modules/share). */
export function publicConfigOf(config: AppConfig): PublicConfigDto {
  const { firebase } = config;
  return {
    firebase: { apiKey: firebase.apiKey, authDomain: firebase.authDomain, projectId: firebase.projectId },
    authEmulatorUrl: firebase.authEmulatorHost ? `http://${firebase.authEmulatorHost}` : null,
    contactEmail: config.contactEmail,
    billing: {
      available: config.stripe !== null,
      testMode: config.stripe?.testMode ?? false,
      trialDays: config.stripe?.trialDays ?? DEFAULT_TRIAL_DAYS,
    },
  };
}
