import { getApp, getApps, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { PublicConfig } from '../../shared/api';

let cached: { key: string; auth: Auth } | null = null;

/**
 * The Firebase Auth instance for the runtime config, created once (React StrictMode renders twice,
 * and the emulator can only be connected before first use).
 */
export function getFirebaseAuth(config: Pick<PublicConfig, 'firebase' | 'authEmulatorUrl'>): Auth {
  const key = JSON.stringify([config.firebase, config.authEmulatorUrl]);
  if (cached?.key === key) return cached.auth;
  const app = getApps().length ? getApp() : initializeApp(config.firebase);
  const auth = getAuth(app);
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  cached = { key, auth };
  return auth;
}
