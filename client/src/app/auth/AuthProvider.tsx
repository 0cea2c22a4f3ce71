import { QueryClientContext } from '@tanstack/react-query';
import { startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setApiUserSource } from '../../shared/api';
import { useAppConfig } from '../../shared/config';
import { AuthContext } from '../../shared/auth';
import type { FirebaseSession } from './firebaseSession';
import type { AuthContextValue, AuthState, AuthUser } from '../../shared/auth';
import { readRememberedSession, rememberedUser } from './rememberedSession';

type SessionLoader = () => Promise<typeof import('./firebaseSession')>;
const loadFirebaseSession: SessionLoader = () => import('./firebaseSession');

/** Runs `task` once the browser has painted the next frame. */
function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
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
export function AuthProvider({ children, loadSession = loadFirebaseSession }: { children: ReactNode; loadSession?: SessionLoader }) {
  const config = useAppConfig();
  const queryClient = useContext(QueryClientContext);
  const session = useRef<Promise<FirebaseSession> | null>(null);
  // Firebase's first report: who the remembered creator turned out to be.
  const [firstReport] = useState(() => deferred<AuthUser | null>());
  // Until that report, the creator remembered from the last visit (if any) is the one API calls speak for.
  const [remembered] = useState(() => {
    const saved = readRememberedSession();
    const holder = { user: saved ? rememberedUser(saved, () => firstReport.promise) : null };
    // Set while rendering, not in an effect: the first page's queries start in effects that run before this one's.
    if (holder.user) setApiUserSource(() => holder.user);
    return holder;
  });
  const [state, setState] = useState<AuthState>(() => (remembered.user ? { status: 'signedIn', user: remembered.user } : { status: 'loading' }));
  // Set by signOut: the state that follows is the creator's own sign-out, not a session that expired.
  const signingOut = useRef(false);

  const connect = useCallback((): Promise<FirebaseSession> => {
    session.current ??= loadSession().then(({ startFirebaseSession }) => {
      const started = startFirebaseSession(config, (user) => {
        if (user) signingOut.current = false;
        // Someone else signed in since this browser remembered a creator: nothing cached for them may show.
        if (remembered.user && remembered.user.uid !== user?.uid) queryClient?.clear();
        remembered.user = null;
        firstReport.resolve(user);
        const next: AuthState = user ? { status: 'signedIn', user } : { status: 'signedOut', byUser: signingOut.current };
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
        // A remembered creator's page paints first: the SDK's download does not compete with the page's own.
        if (remembered.user) afterNextPaint(start);
        else start();
      },
      signInWithGoogle: async () => (await connect()).signInWithGoogle(),
      signOut: async () => {
        signingOut.current = true;
        await (await connect()).signOut();
      },
    }),
    [connect, remembered, state],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
