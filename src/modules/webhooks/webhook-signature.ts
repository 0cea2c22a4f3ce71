import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint's signing secret: whsec_ and 32 random bytes in hex. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('hex')}`;
}

/**
 * The Preflight-Signature header, as Stripe signs: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the
 * endpoint's secret>`. The timestamp is signed too, so a receiver can refuse old replays.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
