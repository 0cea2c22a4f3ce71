import {
  browserPopupRedirectResolver,
  getRedirectResult,
  GoogleAuthProvider,
  onAuthStateChanged,
  onIdTokenChanged,
  signInWithCredential,
  signInWithPopup,
  signOut,
} from 'firebase/auth';
import type { PublicConfig } from '../../shared/api';
import { getFirebaseAuth } from './firebase';
import { emulatorIdToken, type AuthUser, type EmulatorAccount } from '../../shared/auth';
import { forgetSession, rememberSession } from '../../lib/rememberedSession';

/** What the auth provider needs from Firebase; this module is the only one that imports the Firebase SDK's auth. */
export interface FirebaseSession {
  currentUser(): AuthUser | null;
  /** With an emulator account (emulator only): signs in with its credential, no popup and no Google script. */
  signInWithGoogle(emulatorAccount?: EmulatorAccount): Promise<void>;
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

/** Firebase's hidden helper iframe (/__/auth/iframe, or the emulator's /emulator/auth/iframe). */
const isAuthHelperFrame = (node: Node): node is HTMLIFrameElement => node instanceof HTMLIFrameElement && /\/auth\/iframe/.test(node.src);

/**
 * Firebase (through Google's iframe library) adds a 1 px helper iframe without a title, which screen readers announce
 * as an unnamed frame: it gets one, and leaves the tab order.
 */
function nameAuthHelperFrame(): void {
  const name = (frame: HTMLIFrameElement) => {
    frame.title = 'Sign-in helper (hidden)';
    frame.tabIndex = -1;
  };
  document.querySelectorAll('iframe').forEach((frame) => isAuthHelperFrame(frame) && name(frame));
  new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach((node) => isAuthHelperFrame(node) && name(node));
  }).observe(document.body, { childList: true });
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
  nameAuthHelperFrame();
  const auth = getFirebaseAuth(config);
  let first = true;
  const stopReporting = onAuthStateChanged(auth, (user) => {
    onUser(user);
    // Signed out: this visitor may sign in here. Ready the popup helper now, after the page has what it needs, so the
    // popup opens straight from the click (getRedirectResult loads the helper; there is never a redirect to read).
    // Not with the emulator: its sign-in is the app's own picker, and the helper is Google's script from the internet.
    if (first && !user && !config.authEmulatorUrl) void getRedirectResult(auth, browserPopupRedirectResolver).catch(() => {});
    first = false;
  });
  // Every new ID token (sign-in, the hourly refresh) is remembered for the next visit's first paint; nobody: forgotten.
  const stopRemembering = onIdTokenChanged(auth, (user) => {
    if (!user) return forgetSession();
    user.getIdToken().then(
      // Only if still signed in: a sign-out while the token was on its way must not leave it remembered.
      (idToken) => auth.currentUser?.uid === user.uid && rememberSession(user, idToken),
      () => {}, // no token now: the next change remembers one
    );
  });
  return {
    currentUser: () => auth.currentUser,
    signInWithGoogle: async (emulatorAccount) => {
      if (emulatorAccount) {
        // A made-up credential is only ever good for the emulator: production refuses it before asking anyone.
        if (!config.authEmulatorUrl) throw new Error('Emulator accounts sign in only against the Auth emulator');
        await signInWithCredential(auth, GoogleAuthProvider.credential(emulatorIdToken(emulatorAccount)));
        return;
      }
      const restore = quietStorageProbeError();
      try {
        await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
      } finally {
        restore();
      }
    },
    signOut: () => {
      forgetSession(); // now, not when Firebase reports it: the tab may close first
      return signOut(auth);
    },
    stop: () => {
      stopReporting();
      stopRemembering();
    },
  };
}
