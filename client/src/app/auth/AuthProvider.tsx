import { QueryClientContext } from '@tanstack/react-query';
import { startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setApiUserSource } from '../../shared/api';
import { useAppConfig } from '../../shared/config';
import { AuthContext } from '../../shared/auth';
import type { FirebaseSession } from './firebaseSession';
import type { AuthContextValue, AuthState, AuthUser } from '../../shared/auth';
import { readRememberedSession, rememberedUser, type RememberedSession } from '../../lib/rememberedSession';

type SessionLoader = () => Promise<typeof import('./firebaseSession')>;
const loadFirebaseSession: SessionLoader = () => import('./firebaseSession');

/**
 * How long a remembered creator's page waits before loading the auth SDK: its first screen (scripts, data, the
 * first render) has settled by then on a phone, and the remembered token has at least a minute left.
 */
const SDK_DELAY_MS = 3_000;

/** Runs `task` when the browser is idle after `delayMs`. */
function whenSettled(task: () => void, delayMs = SDK_DELAY_MS): void {
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: 2_000 });
    else task(); // Safari before 18: no idle callbacks
  }, delayMs);
}

/** A promise with its resolve function outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * The app's auth state over Firebase Auth, whose SDK loads only when a page first asks who is signed in (`useAuth`
 * calls `load`): the landing page never downloads it. A creator remembered from the last visit (rememberedSession.ts)
 * is signed in from the first render; Firebase's first report confirms the session or ends it. Also tells the API
 * wrapper who the current user is.
 */
export function AuthProvider({
  children,
  loadSession = loadFirebaseSession,
  session: serverSession,
}: {
  children: ReactNode;
  loadSession?: SessionLoader;
  /** The creator a page rendered on the server renders for (entry-server.tsx); the browser reads its remembered one. */
  session?: RememberedSession;
}) {
  const config = useAppConfig();
  const queryClient = useContext(QueryClientContext);
  const session = useRef<Promise<FirebaseSession> | null>(null);
  // Firebase's first report: who the remembered creator turned out to be.
  const [firstReport] = useState(() => deferred<AuthUser | null>());
  // Resolved when the remembered creator's token is too old to use: Firebase must issue one.
  const [tokenNeeded] = useState(() => deferred<void>());
  // Until Firebase's first report, the creator remembered from the last visit (if any) is the one API calls speak for.
  const [remembered] = useState(() => {
    const saved = serverSession ?? readRememberedSession();
    // Its token gone stale, the remembered creator needs Firebase now, idle or not (`load` below).
    const liveUser = () => {
      tokenNeeded.resolve();
      return firstReport.promise;
    };
    const holder = { user: saved ? rememberedUser(saved, liveUser) : null };
    // Set while rendering, not in an effect: the first page's queries start in effects that run before this one's.
    // Not on the server: the API wrapper's user is one per process there, and a server render makes no API calls.
    if (holder.user && !serverSession) setApiUserSource(() => holder.user);
    return holder;
  });
  const [state, setState] = useState<AuthState>(() => (remembered.user ? { status: 'signedIn', user: remembered.user } : { status: 'loading' }));
  const sdkScheduled = useRef(false);
  // Set by signOut: the state that follows is the creator's own sign-out, not a session that expired.
  const signingOut = useRef(false);

  const connect = useCallback((): Promise<FirebaseSession> => {
    session.current ??= loadSession().then(({ startFirebaseSession }) => {
      const started = startFirebaseSession(config, (user) => {
        // The sign-out's own report consumes the mark (a report of the session being restored, which can come first
        // when Logout is pressed before Firebase has loaded, leaves it).
        const byUser = !user && signingOut.current;
        if (!user) signingOut.current = false;
        // Someone else signed in since this browser remembered a creator: nothing cached for them may show.
        if (remembered.user && remembered.user.uid !== user?.uid) queryClient?.clear();
        remembered.user = null;
        firstReport.resolve(user);
        const next: AuthState = user ? { status: 'signedIn', user } : { status: 'signedOut', byUser };
        // A transition: the page the new state opens renders in slices, not in one long task that blocks input.
        startTransition(() => setState(next));
      });
      setApiUserSource(() => started.currentUser() ?? remembered.user);
      return started;
    });
    return session.current;
  }, [config, loadSession, queryClient, firstReport, remembered]);

  useEffect(
    () => () => {
      void session.current?.then((started) => started.stop());
      session.current = null;
    },
    [connect],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      load: () => {
        const start = () => void connect().catch((error: unknown) => console.error('Could not load sign-in', error));
        if (!remembered.user) return start();
        // A remembered creator's page needs the SDK only to refresh the token: it loads once the first screen has
        // settled, not in competition with the page's own scripts, data and rendering. Scheduled once, however many
        // components ask.
        if (sdkScheduled.current) return;
        sdkScheduled.current = true;
        whenSettled(start);
        void tokenNeeded.promise.then(start);
      },
      signInWithGoogle: async (emulatorAccount) => (await connect()).signInWithGoogle(emulatorAccount),
      signOut: async () => {
        signingOut.current = true;
        await (await connect()).signOut();
      },
    }),
    [connect, remembered, tokenNeeded, state],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
