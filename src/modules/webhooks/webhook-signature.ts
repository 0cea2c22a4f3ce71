import { createHmac } from 'node:crypto';
import { standardSignature } from '../../common/standard-webhooks';

/**
 * The deprecated Preflight-Signature header, as Stripe signs: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>"
 * keyed with the secret's text>`, one v1 per signing secret. Sent alongside the standard headers for one release.
 */
export function legacySignatureHeader(secrets: string[], body: string, unixSeconds: number): string {
  const v1 = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex')}`);
  return [`t=${unixSeconds}`, ...v1].join(',');
}

/**
 * The signing headers of one delivery: webhook-id (the event id, the same on every retry), webhook-timestamp, and
 * webhook-signature with one signature per secret, space-separated (two while a rotated-out secret still signs).
 */
export function signatureHeaders(secrets: string[], id: string, body: string, unixSeconds: number): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(unixSeconds),
    'webhook-signature': secrets.map((secret) => standardSignature(secret, id, unixSeconds, body)).join(' '),
    'Preflight-Signature': legacySignatureHeader(secrets, body, unixSeconds),
  };
}
