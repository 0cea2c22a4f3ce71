import type { EmulatorAccount } from './emulatorAccounts';

/** The signed-in user as the app sees it (a Firebase `User` satisfies this). */
export interface AuthUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  photoURL?: string | null;
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

/** Sign-in state: loading until the first auth callback, then user or none. */
export type AuthState =
  | { status: 'loading' }
  /** `byUser`: the creator just signed out here (the guard then goes home, not to /login). */
  | { status: 'signedOut'; byUser?: boolean }
  | { status: 'signedIn'; user: AuthUser };

export interface AuthContextValue {
  state: AuthState;
  /** Starts loading the identity provider; `useAuth` calls it. Absent where the state is known from the start. */
  load?(): void;
  /**
   * Google sign-in: the popup, or with the Auth emulator the account chosen in the app's own picker (nothing is
   * fetched from Google then). Rejects with the provider's error.
   */
  signInWithGoogle(emulatorAccount?: EmulatorAccount): Promise<void>;
  /** Rejects with the provider's error; callers only log it. */
  signOut(): Promise<void>;
}
