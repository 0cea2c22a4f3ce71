import { createHash } from 'node:crypto';
import { API_KEY_PATTERN } from '../api-keys';
import { bearerToken } from './bearer';
import type { PresentedCredential } from './presented-credentials';

/**
 * What kind of credential a refused request presented, without trusting it: a JWT by its key id, issuer, audience and
 * claimed subject; an API key by its listed prefix; anything else is "malformed". Refusals are counted per address and
 * shape, so a script guessing from an office's address locks out its own guesses, not the creators behind that address.
 */
export type CredentialShape = { kind: 'jwt' | 'key'; id: string } | { kind: 'malformed'; id: 'malformed' };

const digest = (parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);

function decodeSegment(segment: string | undefined): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment ?? '', 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function credentialShape(credential: PresentedCredential): CredentialShape {
  if (credential.kind === 'key') {
    return API_KEY_PATTERN.test(credential.key) ? { kind: 'key', id: `key:${credential.key.slice(0, 14)}` } : { kind: 'malformed', id: 'malformed' };
  }
  const token = credential.kind === 'firebase' ? bearerToken(credential.authorization) : undefined;
  const parts = (token ?? '').split('.');
  const head = parts.length === 3 ? decodeSegment(parts[0]) : null;
  const claims = head ? decodeSegment(parts[1]) : null;
  if (!head || !claims) return { kind: 'malformed', id: 'malformed' };
  return { kind: 'jwt', id: `jwt:${digest([head.alg, head.kid, claims.iss, claims.aud, claims.sub])}` };
}
