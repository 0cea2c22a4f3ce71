import { GoogleAuthProvider, onAuthStateChanged, signInWithPopup, signOut as firebaseSignOut } from 'firebase/auth';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { setApiUserSource } from '../../shared/api';
import { useAppConfig } from '../config/AppConfigContext';
import { AuthContext } from './AuthContext';
import { getFirebaseAuth } from './firebase';
import type { AuthContextValue, AuthState } from './types';

/** Firebase Auth behind the app's auth interface; also tells the API wrapper who the current user is. */
export function FirebaseAuthProvider({ children }: { children: ReactNode }) {
  const config = useAppConfig();
  const auth = useMemo(() => getFirebaseAuth(config), [config]);
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  useEffect(() => {
    setApiUserSource(() => auth.currentUser);
    return onAuthStateChanged(auth, (user) => setState(user ? { status: 'signedIn', user } : { status: 'signedOut' }));
  }, [auth]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      signInWithGoogle: async () => {
        await signInWithPopup(auth, new GoogleAuthProvider());
      },
      signOut: () => firebaseSignOut(auth),
    }),
    [auth, state],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
