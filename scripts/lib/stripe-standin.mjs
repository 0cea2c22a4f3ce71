// Without Stripe keys, `npm start` and the browser tests run billing against the local Stripe stand-in
// (test/support/stripe/stripe-standin.ts): the real SDK is pointed at it through STRIPE_API_BASE. It is a test double,
// so it lives with the tests and is not built into dist/; it is loaded from source through swc.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './bootstrap.mjs';

/** Starts the stand-in (stopped with `children`) and answers the environment the API needs to use it. */
export async function startStripeStandInFor({ apiPort, children, port = 0 }) {
  const require = createRequire(import.meta.url);
  require('@swc-node/register');
  const { startStripeStandIn, STANDIN_KEYS } = require(join(ROOT, 'test', 'support', 'stripe', 'stripe-standin.ts'));
  const standIn = await startStripeStandIn({ ...STANDIN_KEYS, port, webhookUrl: `http://127.0.0.1:${apiPort}/api/webhooks/stripe` });
  children.push({ name: 'stripe stand-in', stop: () => standIn.close() });
  return {
    baseUrl: standIn.baseUrl,
    env: { STRIPE_API_BASE: standIn.baseUrl, STRIPE_SECRET_KEY: STANDIN_KEYS.secretKey, STRIPE_WEBHOOK_SECRET: STANDIN_KEYS.webhookSecret },
  };
}
