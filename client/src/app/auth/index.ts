export { AuthContext, useAuth } from './AuthContext';
export { FirebaseAuthProvider } from './FirebaseAuthProvider';
export { RequireAuth } from './RequireAuth';
export type { AuthContextValue, AuthState, AuthUser } from './types';
