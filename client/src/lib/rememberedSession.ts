import type { AuthUser } from '../shared/auth';

/**
 * The page session cookie, as @preflight/shared names it for the server (rules/page-session.ts; a test holds the two
 * equal). Spelt out here because importing the shared package into the entry's modules regrouped the build's chunks
 * (the shared report page's first load grew 17 KB).
 */
export const PAGE_SESSION_COOKIE = 'preflight_page_session';
export const PAGE_SESSION_PATHS = ['/app/analysis', '/app/dashboard', '/app/pricing'] as const;

/**
 * The signed-in creator, remembered between visits so a signed-in page renders at once: Firebase restores its
 * session only after its SDK has downloaded and asked its server (a round trip to another origin), seconds on a
 * phone. The page opens with the remembered profile and its still-fresh ID token; Firebase confirms (or ends) the
 * session behind it. Firebase keeps the same token in this origin's IndexedDB, so remembering it here exposes nothing
 * new; signing out, or Firebase reporting nobody, forgets it.
 */
export interface RememberedSession {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
  idToken: string;
  /** When the ID token expires (ms since the epoch), from its `exp` claim. */
  expiresAt: number;
}

const KEY = 'preflight.session';
/** A token this close to expiry is not used: the request could arrive after it expired. */
const FRESH_FOR_MS = 60_000;

/** The `exp` claim of a JWT, in ms; null when it is not a JWT with one. */
function expiryOf(idToken: string): number | null {
  try {
    const payload = JSON.parse(atob((idToken.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * The token also goes in the page session cookie (@preflight/shared, page-session.ts), one per page it serves, for as
 * long as it is valid: the server then renders the creator's report page, dashboard and pricing page for them.
 */
function setPageSessionCookies(idToken: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  for (const path of PAGE_SESSION_PATHS) {
    document.cookie = `${PAGE_SESSION_COOKIE}=${idToken}; Path=${path}; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; SameSite=Strict${secure}`;
  }
}

/** Remembers the user Firebase reports, with the ID token it just issued. */
export function rememberSession(user: Pick<AuthUser, 'uid' | 'displayName' | 'email' | 'photoURL'>, idToken: string, storage: Storage = localStorage, now: number = Date.now()): void {
  const expiresAt = expiryOf(idToken);
  if (expiresAt === null) return;
  const session: RememberedSession = { uid: user.uid, displayName: user.displayName, email: user.email, photoURL: user.photoURL ?? null, idToken, expiresAt };
  storage.setItem(KEY, JSON.stringify(session));
  setPageSessionCookies(idToken, (expiresAt - now) / 1000);
}

export function forgetSession(storage: Storage = localStorage): void {
  storage.removeItem(KEY);
  setPageSessionCookies('', 0);
}

/** The remembered session, or null when there is none (or it is not one we wrote). */
export function readRememberedSession(storage: Storage | undefined = globalThis.localStorage): RememberedSession | null {
  try {
    if (!storage) return null; // rendering on the server
    const value = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<RememberedSession> | null;
    const valid =
      typeof value?.uid === 'string' && typeof value.idToken === 'string' && typeof value.expiresAt === 'number' && 'displayName' in value && 'email' in value;
    return valid ? (value as RememberedSession) : null;
  } catch {
    return null; // storage blocked, or not JSON
  }
}

/** The remembered ID token while it has more than a minute left, else null. */
export function freshToken(session: RememberedSession, now: number = Date.now()): string | null {
  return session.expiresAt - now > FRESH_FOR_MS ? session.idToken : null;
}

/**
 * The remembered creator as an `AuthUser`: its own ID token while that is fresh; after that (or when a refresh is
 * forced) the token of the session Firebase restores, which `liveUser` resolves to (null: nobody is signed in).
 */
export function rememberedUser(session: RememberedSession, liveUser: () => Promise<AuthUser | null>, now: () => number = Date.now): AuthUser {
  return {
    uid: session.uid,
    displayName: session.displayName,
    email: session.email,
    photoURL: session.photoURL,
    async getIdToken(forceRefresh = false) {
      const remembered = forceRefresh ? null : freshToken(session, now());
      if (remembered) return remembered;
      const live = await liveUser();
      if (!live) throw new Error('The session has ended: sign in again.');
      return live.getIdToken(forceRefresh);
    },
  };
}
