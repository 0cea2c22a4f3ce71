export { AuthContext, useAuth } from './AuthContext';
export { AuthProvider } from './AuthProvider';
export { RequireAuth } from './RequireAuth';
export type { AuthContextValue, AuthState, AuthUser } from './types';
