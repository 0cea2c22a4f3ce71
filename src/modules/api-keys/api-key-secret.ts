import { createHash, randomBytes } from 'node:crypto';

/** Every key starts with this, so secret scanners and people recognise it (and the auth guard tells it from a JWT). */
export const API_KEY_MARK = 'pf_live_';
/** Characters of the key shown in the list: the mark and 6 random characters (about 36 bits: enough to tell keys apart). */
const PREFIX_LENGTH = API_KEY_MARK.length + 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 32 base-62 characters carry 190 bits; rejection sampling keeps every character uniform. */
const RANDOM_CHARS = 32;
/** What a key can look like: checked before any database work, and what the guard uses to route a bearer to keys. */
export const API_KEY_PATTERN = /^pf_live_[0-9A-Za-z]{32}$/;

export function newApiKey(): { key: string; prefix: string; hash: string } {
  let random = '';
  while (random.length < RANDOM_CHARS) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && random.length < RANDOM_CHARS) random += BASE62[byte % 62]; // 248 = 4 × 62: no modulo bias
    }
  }
  const key = API_KEY_MARK + random;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashApiKey(key) };
}

/** What the database keeps instead of the key (see ApiKey). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** True when a bearer token is meant as an API key (a Firebase ID token is a JWT and never starts with pf_). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith('pf_');
}
