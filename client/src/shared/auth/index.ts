// Who is signed in: the context the app's auth provider fills and every feature reads.
export { AuthContext, useAuth } from './AuthContext';
export { displayNameOf } from './displayName';
export type { AuthContextValue, AuthState, AuthUser } from './types';
export { emulatorIdToken, listEmulatorAccounts, newEmulatorAccount, type EmulatorAccount } from './emulatorAccounts';
