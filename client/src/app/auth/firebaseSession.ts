import { GoogleAuthProvider, onAuthStateChanged, signInWithPopup, signOut } from 'firebase/auth';
import type { PublicConfig } from '../../shared/api';
import { getFirebaseAuth } from './firebase';
import type { AuthUser } from '../../shared/auth';

/** What the auth provider needs from Firebase; this module is the only one that imports the Firebase SDK's auth. */
export interface FirebaseSession {
  currentUser(): AuthUser | null;
  signInWithGoogle(): Promise<void>;
  signOut(): Promise<void>;
  /** Stops reporting user changes. */
  stop(): void;
}

/**
 * Firebase Auth (@firebase/auth 1.13) checks web storage in its helper iframe on every popup sign-in; the check's
 * callback passes the answer on and then throws `auth/internal-error` regardless (`_isIframeWebStorageSupported` has
 * no `return` after `cb(...)`). The throw lands in the iframe message handler after the answer was given, so the
 * sign-in goes on unaffected: only that error, only while a popup sign-in runs, is kept out of the console.
 */
function quietStorageProbeError(): () => void {
  const onError = (event: ErrorEvent) => {
    if ((event.error as { code?: unknown } | null)?.code === 'auth/internal-error') event.preventDefault();
  };
  window.addEventListener('error', onError);
  return () => window.removeEventListener('error', onError);
}

/**
 * Connects to Firebase Auth for the runtime config and reports the user on every change (the first report is the
 * restored session, or null). Loaded on demand (AuthProvider), so pages that never ask who is signed in never
 * download the SDK.
 */
export function startFirebaseSession(
  config: Pick<PublicConfig, 'firebase' | 'authEmulatorUrl'>,
  onUser: (user: AuthUser | null) => void,
): FirebaseSession {
  const auth = getFirebaseAuth(config);
  const stop = onAuthStateChanged(auth, onUser);
  return {
    currentUser: () => auth.currentUser,
    signInWithGoogle: async () => {
      const restore = quietStorageProbeError();
      try {
        await signInWithPopup(auth, new GoogleAuthProvider());
      } finally {
        restore();
      }
    },
    signOut: () => signOut(auth),
    stop,
  };
}
