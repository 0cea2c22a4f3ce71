import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a creator has at Google's consent screen before the state expires. */
export const STATE_TTL_MS = 15 * 60_000;

export interface OAuthStateClaims {
  /** The signed-in creator who started the connection. */
  userId: string;
  /** Where Google sends the creator back (it must be the same when the code is exchanged). */
  redirectUri: string;
}

/**
 * The OAuth `state`: who started the flow, where Google returns, when it expires and a nonce, signed with HMAC-SHA256.
 * The code is exchanged by an authenticated request of the same creator, so a state (or code) started by someone else
 * (login CSRF: connecting my account to your channel or yours to mine) is refused.
 */
export class OAuthState {
  private readonly key: Buffer;

  constructor(secret: string) {
    // A key of its own, derived from the installation's signing secret, so a state is never valid as another signature.
    this.key = createHmac('sha256', secret).update('youtube-oauth-state').digest();
  }

  issue(claims: OAuthStateClaims, now = Date.now()): string {
    const payload = Buffer.from(JSON.stringify({ u: claims.userId, r: claims.redirectUri, e: now + STATE_TTL_MS, n: randomBytes(12).toString('base64url') })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The claims when the state is this server's, unexpired and was issued to `userId`; null otherwise. */
  verify(state: string, userId: string, now = Date.now()): OAuthStateClaims | null {
    const [payload, signature] = state.split('.');
    if (!payload || !signature) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: { u?: unknown; r?: unknown; e?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (claims.u !== userId || typeof claims.r !== 'string' || typeof claims.e !== 'number' || claims.e < now) return null;
    return { userId, redirectUri: claims.r };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
