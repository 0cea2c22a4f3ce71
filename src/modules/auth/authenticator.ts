import { Injectable } from '@nestjs/common';
import { PAGE_SESSION_COOKIE } from '@preflight/shared';
import { ApiKeysService, type ApiKeyScope } from '../api-keys';
import { UsersService } from '../users';
import type { RequestAuth } from './request-auth';
import { TokenVerifier, type VerifiedIdentity } from './token-verifier';

/** A creator's credential checked: who they are (without any share token), or why not. */
export type CreatorAuthentication<R extends string> = { kind: 'verified'; auth: RequestAuth } | { kind: 'refused'; reason: R };

/** A signed-in creator may do everything a key may; a key what its scope says (a write key also reads). */
const SESSION_SCOPES: readonly ApiKeyScope[] = ['read', 'write'];
const scopesOf = (scope: ApiKeyScope): readonly ApiKeyScope[] => (scope === 'write' ? SESSION_SCOPES : ['read']);

/** A JWT's three base64url parts (the Auth emulator's unsigned tokens have an empty third part). */
const JWT = /^[\w-]+\.[\w-]+\.[\w-]*$/;
const MAX_TOKEN_LENGTH = 4096;

/** One cookie's value from a Cookie header; null when it is not there. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of header?.split(';') ?? []) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return null;
}

/**
 * Turns a creator's credential into `RequestAuth`, for the auth guard (bearer token, API key) and for the server
 * rendering of the app's pages (the page session cookie, which is not an API credential: pages are not API routes).
 */
@Injectable()
export class Authenticator {
  constructor(
    private readonly verifier: TokenVerifier,
    private readonly users: UsersService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async key(presented: string, ip: string | undefined): Promise<CreatorAuthentication<'unknown' | 'revoked' | 'expired'>> {
    const found = await this.apiKeys.authenticate(presented, ip);
    if (found.kind === 'invalid') return { kind: 'refused', reason: found.reason };
    return { kind: 'verified', auth: creator('api_key', found.user, found.key.scope, found.key) };
  }

  /** A Firebase ID token; its creator is recorded on first sight (the users row every other table points at). */
  async bearer(authorization: string): Promise<CreatorAuthentication<string>> {
    const verified = await this.verifier.authenticate(authorization);
    if (verified.kind !== 'verified') return { kind: 'refused', reason: verified.kind === 'invalid' ? verified.reason : 'none' };
    return { kind: 'verified', auth: creator('bearer', await this.users.upsertFromIdentity(verified.identity), 'write', null) };
  }

  /**
   * The page session cookie (the ID token the browser already holds: @preflight/shared, page-session.ts): the creator
   * and their identity as the token states it, or null for no cookie, a bad one, or a creator the API has not met.
   */
  async session(cookieHeader: string | undefined): Promise<{ auth: RequestAuth; identity: VerifiedIdentity } | null> {
    const token = cookieValue(cookieHeader, PAGE_SESSION_COOKIE);
    if (!token || token.length > MAX_TOKEN_LENGTH || !JWT.test(token)) return null;
    const verified = await this.verifier.authenticate(`Bearer ${token}`);
    if (verified.kind !== 'verified') return null;
    // Looked up, not recorded: a page is rendered for a creator the app has already signed in (GET /api/me).
    const user = await this.users.findByFirebaseUid(verified.identity.uid);
    return { auth: { ...creator('session', user, 'write', null), user }, identity: verified.identity };
  }
}

function creator(how: 'bearer' | 'api_key' | 'session', user: RequestAuth['user'], scope: ApiKeyScope, apiKey: RequestAuth['apiKey']): RequestAuth {
  return { how, user, apiKey, scopes: scopesOf(scope), sharePresented: false, share: null };
}
