// Without Stripe keys, `npm start` and the browser tests run billing against the local Stripe stand-in
// (src/infra/stripe/stripe-standin.ts, built into dist/): the real SDK is pointed at it through STRIPE_API_BASE.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './bootstrap.mjs';

/** Starts the stand-in (stopped with `children`) and answers the environment the API needs to use it. */
export async function startStripeStandInFor({ apiPort, children, port = 0 }) {
  const { startStripeStandIn, STANDIN_KEYS } = createRequire(import.meta.url)(join(ROOT, 'dist', 'infra', 'stripe', 'stripe-standin.js'));
  const standIn = await startStripeStandIn({ ...STANDIN_KEYS, port, webhookUrl: `http://127.0.0.1:${apiPort}/api/webhooks/stripe` });
  children.push({ name: 'stripe stand-in', stop: () => standIn.close() });
  return {
    baseUrl: standIn.baseUrl,
    env: { STRIPE_API_BASE: standIn.baseUrl, STRIPE_SECRET_KEY: STANDIN_KEYS.secretKey, STRIPE_WEBHOOK_SECRET: STANDIN_KEYS.webhookSecret },
  };
}
