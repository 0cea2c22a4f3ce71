import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../../shared/components/FullPageSpinner';
import { useAuth } from '../../shared/auth/AuthContext';

/**
 * The one guard for signed-in routes: spinner while the auth state loads, /login when signed out (home when the
 * creator just signed out: the sign-out flow has this one destination), otherwise its children (or the outlet).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'signedOut') return <Navigate to={state.byUser ? '/' : '/login'} replace />;
  return <>{children ?? <Outlet />}</>;
}
