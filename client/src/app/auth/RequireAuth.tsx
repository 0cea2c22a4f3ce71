import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { FullPageSpinner } from '../../shared/components/FullPageSpinner';
import { useAuth } from './AuthContext';

/**
 * The one guard for signed-in routes: spinner while the auth state loads, /login when signed out,
 * otherwise its children (or the nested routes' outlet).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { state } = useAuth();
  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'signedOut') return <Navigate to="/login" replace />;
  return <>{children ?? <Outlet />}</>;
}
