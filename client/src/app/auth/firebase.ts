import { getApp, getApps, initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import type { PublicConfig } from '../../shared/api';

let cached: { key: string; auth: Auth } | null = null;

/**
 * The Firebase Auth instance for the runtime config, created once (React StrictMode renders twice,
 * and the emulator can only be connected before first use).
 *
 * getAuth() would also install the popup/redirect helper, which on phones and Safari Firebase loads before it reports
 * the first user (Google's api.js and a hidden iframe from the auth domain: seconds on a mobile connection, on every
 * page that asks who is signed in). Without it the session restores from storage alone; the helper loads where
 * sign-in can happen (firebaseSession.ts).
 */
export function getFirebaseAuth(config: Pick<PublicConfig, 'firebase' | 'authEmulatorUrl'>): Auth {
  const key = JSON.stringify([config.firebase, config.authEmulatorUrl]);
  if (cached?.key === key) return cached.auth;
  const app = getApps().length ? getApp() : initializeApp(config.firebase);
  // getAuth's storage, without its popup/redirect helper.
  const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence] });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  cached = { key, auth };
  return auth;
}
