import { createContext, useContext } from 'react';
import type { AuthContextValue } from './types';

/** Filled by `FirebaseAuthProvider` in the app, by a plain value in tests. */
export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside an auth provider');
  return value;
}
