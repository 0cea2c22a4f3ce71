import { Inject, Injectable } from '@nestjs/common';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type DecodedIdToken } from 'firebase-admin/auth';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

export type VerifiedIdentity = Pick<DecodedIdToken, 'uid' | 'email' | 'name'>;

export class InvalidTokenError extends Error {}

/**
 * Verifies Firebase ID tokens with firebase-admin (signature, expiry, audience = our project, issuer).
 * With FIREBASE_AUTH_EMULATOR_HOST set (development and tests only; refused in production by the config),
 * firebase-admin accepts the emulator's unsigned tokens for the same project.
 */
@Injectable()
export class TokenVerifier {
  private readonly app: App;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const name = `preflight-${config.firebase.projectId}`;
    this.app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId: config.firebase.projectId }, name);
  }

  async verify(idToken: string): Promise<VerifiedIdentity> {
    try {
      const decoded = await getAuth(this.app).verifyIdToken(idToken);
      return { uid: decoded.uid, email: decoded.email, name: decoded.name as string | undefined };
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : String(error));
    }
  }
}
