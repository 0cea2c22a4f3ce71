import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com) secrets and signatures, apart from the webhooks module so that a migration
 * can use the same rule (RotateLegacyWebhookSecrets).
 */

const PREFIX = 'whsec_';
/** The random bytes of a new secret; Standard Webhooks asks for 24 to 64. */
const SECRET_BYTES = 32;
const MIN_SECRET_BYTES = 24;
const MAX_SECRET_BYTES = 64;
/** After a rotation the previous secret signs too, for this long, so a receiver can switch without losing events. */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/** A new endpoint's signing secret, the Standard Webhooks way: whsec_ and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * True for whsec_ and the canonical base64 of 24 to 64 bytes. The secrets made before Standard Webhooks (whsec_ and
 * 64 hex digits) are not: hex happens to decode as base64, but into 48 bytes that are not random (only 16 symbols).
 */
export function isStandardSecret(secret: string): boolean {
  if (!secret.startsWith(PREFIX)) return false;
  const text = secret.slice(PREFIX.length);
  if (/^[0-9a-f]+$/.test(text)) return false; // the old hex form
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return false;
  const key = Buffer.from(text, 'base64');
  return key.toString('base64') === text && key.length >= MIN_SECRET_BYTES && key.length <= MAX_SECRET_BYTES;
}

/** The HMAC key of a secret, as every Standard Webhooks library reads it: the base64 after whsec_, decoded. */
function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/** One `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` signature. */
export function standardSignature(secret: string, id: string, unixSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', signingKey(secret)).update(`${id}.${unixSeconds}.${body}`, 'utf8').digest('base64')}`;
}
