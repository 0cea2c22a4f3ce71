import { createHash, createHmac, randomBytes } from 'node:crypto';

/** 256 bits from the operating system's CSPRNG, URL-safe (43 characters). */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token. A plain SHA-256 is enough: the token is random with 256 bits, so there
 * is no dictionary to try, and looking up by hash needs no per-row salt.
 */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Anything a share token could be: ours are 43 base64url characters; links made before the share table (carried over
 * hashed) may be other URL-safe strings. Checked before touching the database, never to tell callers anything.
 */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The token of a link, derived from its id with the server's secret: 256 bits (HMAC-SHA256), 43 base64url characters
 * like a random one. Nothing secret is stored: the database keeps only its SHA-256, and without the server's secret
 * an id gives nothing away. This is what lets the creator copy a live link again (docs/product.md, Share dialog).
 */
export function shareTokenFor(secret: string, linkId: string): string {
  return createHmac('sha256', secret).update(`share-link-token\n${linkId}`).digest('base64url');
}
