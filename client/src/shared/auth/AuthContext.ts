import { createContext, useContext, useEffect } from 'react';
import type { AuthContextValue } from './types';

/** Filled by `AuthProvider` in the app, by a plain value in tests. */
export const AuthContext = createContext<AuthContextValue | null>(null);

/** The auth state and actions; the first page that asks starts loading the identity provider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside an auth provider');
  const load = value.load;
  useEffect(() => load?.(), [load]);
  return value;
}
