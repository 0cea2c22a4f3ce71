import Stripe from 'stripe';
import type { StripeConfig } from '../../config/app-config';

export const STRIPE = Symbol('STRIPE');

/**
 * The real Stripe SDK. With STRIPE_API_BASE it talks to the local stand-in (npm start without keys, the tests) through
 * the SDK's own host/port/protocol options: every call and every webhook check runs the same code as in production.
 */
export function createStripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Preflight' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}
