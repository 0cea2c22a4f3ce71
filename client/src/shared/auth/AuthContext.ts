import { createContext, useContext, useEffect } from 'react';
import type { AuthContextValue } from './types';

/** Filled by `AuthProvider` in the app, by a plain value in tests. */
export const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * The auth state and actions; the first page that asks starts loading the identity provider. `load: false` for a
 * component that only needs them when someone is signed in anyway (on a shared page nobody need be): it does not
 * make the page download the SDK.
 */
export function useAuth({ load: loadProvider = true }: { load?: boolean } = {}): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside an auth provider');
  const load = value.load;
  useEffect(() => (loadProvider ? load?.() : undefined), [load, loadProvider]);
  return value;
}
