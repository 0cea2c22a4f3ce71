import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { setApiUserSource } from '../../shared/api';
import { useAppConfig } from '../../shared/config';
import { AuthContext } from '../../shared/auth';
import type { FirebaseSession } from './firebaseSession';
import type { AuthContextValue, AuthState } from '../../shared/auth';

type SessionLoader = () => Promise<typeof import('./firebaseSession')>;
const loadFirebaseSession: SessionLoader = () => import('./firebaseSession');

/**
 * The app's auth state over Firebase Auth, whose SDK loads only when a page first asks who is signed in (`useAuth`
 * calls `load`): the landing page never downloads it. Also tells the API wrapper who the current user is.
 */
export function AuthProvider({ children, loadSession = loadFirebaseSession }: { children: ReactNode; loadSession?: SessionLoader }) {
  const config = useAppConfig();
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const session = useRef<Promise<FirebaseSession> | null>(null);
  // Set by signOut: the state that follows is the creator's own sign-out, not a session that expired.
  const signingOut = useRef(false);

  const connect = useCallback((): Promise<FirebaseSession> => {
    session.current ??= loadSession().then(({ startFirebaseSession }) => {
      const started = startFirebaseSession(config, (user) => {
        if (user) signingOut.current = false;
        const next: AuthState = user ? { status: 'signedIn', user } : { status: 'signedOut', byUser: signingOut.current };
        // A transition: the page the new state opens renders in slices, not in one long task that blocks input.
        startTransition(() => setState(next));
      });
      setApiUserSource(() => started.currentUser());
      return started;
    });
    return session.current;
  }, [config, loadSession]);

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
      load: () => void connect().catch((error: unknown) => console.error('Could not load sign-in', error)),
      signInWithGoogle: async () => (await connect()).signInWithGoogle(),
      signOut: async () => {
        signingOut.current = true;
        await (await connect()).signOut();
      },
    }),
    [connect, state],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
