export { AuthContext, useAuth, type AuthContextValue, type AuthState, type AuthUser } from '../../shared/auth';
export { AuthProvider } from './AuthProvider';
export { RequireAuth } from './RequireAuth';
