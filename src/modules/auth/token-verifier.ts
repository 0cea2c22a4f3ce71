import { Inject, Injectable, Logger } from '@nestjs/common';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { VerifiedIdentity } from '../users';
import { bearerToken } from './bearer';

export type { VerifiedIdentity };

export class InvalidTokenError extends Error {}

/** What an `Authorization` header proves: nothing presented, a verified identity, or a token that failed (and why). */
export type Authentication =
  | { kind: 'none' }
  | { kind: 'verified'; identity: VerifiedIdentity }
  | { kind: 'invalid'; reason: string };

/**
 * Verifies Firebase ID tokens with firebase-admin (signature, expiry, audience = our project, issuer).
 * With FIREBASE_AUTH_EMULATOR_HOST set (development and tests only; refused in production by the config),
 * firebase-admin accepts the emulator's unsigned tokens for the same project.
 */
@Injectable()
export class TokenVerifier {
  private readonly app: App;

  private readonly emulatorConfigured: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.emulatorConfigured = config.firebase.authEmulatorHost !== null;
    if (this.emulatorConfigured && config.env === 'production') {
      new Logger(TokenVerifier.name).warn(`production with the Auth emulator at ${config.firebase.authEmulatorHost}: unsigned tokens are accepted (AUTH_EMULATOR_IN_PRODUCTION, smoke tests only)`);
    }
    const name = `preflight-${config.firebase.projectId}`;
    this.app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: config.firebase.projectId }, name);
  }

  /** The one place an `Authorization: Bearer` header is judged: the auth guard, report access and the debug route. */
  async authenticate(authorization: string | undefined): Promise<Authentication> {
    const token = bearerToken(authorization);
    if (!token) return { kind: 'none' };
    try {
      return { kind: 'verified', identity: await this.verify(token) };
    } catch (error) {
      if (error instanceof InvalidTokenError) return { kind: 'invalid', reason: error.message };
      throw error;
    }
  }

  async verify(idToken: string): Promise<VerifiedIdentity> {
    // firebase-admin accepts unsigned tokens whenever FIREBASE_AUTH_EMULATOR_HOST is in the process environment; we
    // accept them only when our validated configuration names an emulator, whatever else leaked into the environment.
    if (!this.emulatorConfigured && isUnsigned(idToken)) throw new InvalidTokenError('unsigned token without an auth emulator');
    try {
      const decoded = await getAuth(this.app).verifyIdToken(idToken);
      return { uid: decoded.uid, email: decoded.email, name: decoded.name as string | undefined };
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : String(error));
    }
  }
}

/** True for a JWT whose header says `alg: none` (the Auth emulator's tokens). */
export function isUnsigned(jwt: string): boolean {
  try {
    const header = JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: unknown };
    return typeof header.alg !== 'string' || header.alg.toLowerCase() === 'none';
  } catch {
    return true;
  }
}
