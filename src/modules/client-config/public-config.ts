import { ApiProperty } from '@nestjs/swagger';
import type { AppConfig } from '../../config/app-config';
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

/** What the web app is told before sign-in; also carried by every page rendered on the server (src/modules/pages). */
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
