import { act, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppConfigContext } from '../config';
import { testConfig } from '../../test/render';
import { useAuth } from '../../shared/auth/AuthContext';

const firebase = vi.hoisted(() => {
  const auth = { currentUser: null as unknown, name: 'fake-auth' };
  let listener: ((user: unknown) => void) | null = null;
  let tokenListener: ((user: unknown) => void) | null = null;
  return {
    auth,
    emit: (user: unknown) => {
      auth.currentUser = user;
      tokenListener?.(user);
      listener?.(user);
    },
    onIdTokenChanged: vi.fn((_auth: unknown, cb: (user: unknown) => void) => {
      tokenListener = cb;
      return () => {
        tokenListener = null;
      };
    }),
    initializeApp: vi.fn(() => ({ name: 'app' })),
    getApps: vi.fn(() => [] as unknown[]),
    getApp: vi.fn(),
    initializeAuth: vi.fn(() => auth),
    resolver: { name: 'popup-redirect-resolver' },
    getRedirectResult: vi.fn(async () => null),
    connectAuthEmulator: vi.fn(),
    onAuthStateChanged: vi.fn((_auth: unknown, cb: (user: unknown) => void) => {
      listener = cb;
      return () => {
        listener = null;
      };
    }),
    signInWithPopup: vi.fn(async () => ({})),
    signOut: vi.fn(async () => {}),
    GoogleAuthProvider: vi.fn(function GoogleAuthProvider(this: { providerId: string }) {
      this.providerId = 'google.com';
    }),
  };
});

vi.mock('firebase/app', () => ({ initializeApp: firebase.initializeApp, getApps: firebase.getApps, getApp: firebase.getApp }));
vi.mock('firebase/auth', () => ({
  initializeAuth: firebase.initializeAuth,
  indexedDBLocalPersistence: 'indexedDB',
  browserLocalPersistence: 'local',
  browserSessionPersistence: 'session',
  browserPopupRedirectResolver: firebase.resolver,
  getRedirectResult: firebase.getRedirectResult,
  connectAuthEmulator: firebase.connectAuthEmulator,
  onAuthStateChanged: firebase.onAuthStateChanged,
  onIdTokenChanged: firebase.onIdTokenChanged,
  signInWithPopup: firebase.signInWithPopup,
  signOut: firebase.signOut,
  GoogleAuthProvider: firebase.GoogleAuthProvider,
}));

const { AuthProvider } = await import('./AuthProvider');
const { readRememberedSession, rememberSession } = await import('../../lib/rememberedSession');

/** An ID token (a JWT) that expires `inMs` from now; only its `exp` claim is read. */
const idToken = (inMs: number) => `h.${btoa(JSON.stringify({ exp: Math.floor((Date.now() + inMs) / 1000) }))}.s`;
const ada = (token = idToken(3_600_000)) => ({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada', getIdToken: async () => token });

function Token({ user }: { user: { getIdToken(): Promise<string> } }) {
  const [token, setToken] = useState('');
  useEffect(() => void user.getIdToken().then(setToken), [user]);
  return token;
}

function Probe() {
  const { state, signInWithGoogle, signOut } = useAuth();
  return (
    <div>
      <p data-testid="token">{state.status === 'signedIn' ? <Token user={state.user} /> : null}</p>
      <p data-testid="status">
        {state.status === 'signedIn' ? `signedIn:${state.user.email}` : state.status === 'signedOut' && state.byUser ? 'signedOut:byUser' : state.status}
      </p>
      <button onClick={() => void signInWithGoogle()}>in</button>
      <button onClick={() => void signOut()}>out</button>
    </div>
  );
}

const renderWith = (config = testConfig, probe = true) =>
  render(
    <AppConfigContext.Provider value={config}>
      <AuthProvider>{probe ? <Probe /> : <p>Landing</p>}</AuthProvider>
    </AppConfigContext.Provider>,
  );

describe('AuthProvider', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
  });

  it('loads nothing of Firebase for a page that never asks who is signed in', async () => {
    renderWith(testConfig, false);
    await screen.findByText('Landing');
    expect(firebase.initializeApp).not.toHaveBeenCalled();
    expect(firebase.onAuthStateChanged).not.toHaveBeenCalled();
  });

  it('initialises Firebase with the runtime config and connects the auth emulator when configured', async () => {
    renderWith({ ...testConfig, authEmulatorUrl: 'http://127.0.0.1:9099' });
    await vi.waitFor(() => expect(firebase.initializeApp).toHaveBeenCalledWith(testConfig.firebase));
    expect(firebase.connectAuthEmulator).toHaveBeenCalledWith(firebase.auth, 'http://127.0.0.1:9099', { disableWarnings: true });
    // The session restores from storage alone: no popup helper to load before the first user is known.
    expect(firebase.initializeAuth).toHaveBeenCalledWith({ name: 'app' }, { persistence: ['indexedDB', 'local', 'session'] });
  });

  it('is loading until the first auth callback, then signed in or out', async () => {
    renderWith({ ...testConfig, firebase: { ...testConfig.firebase, apiKey: 'other' } });
    expect(screen.getByTestId('status')).toHaveTextContent('loading');
    await vi.waitFor(() => expect(firebase.onAuthStateChanged).toHaveBeenCalled());
    expect(firebase.connectAuthEmulator).not.toHaveBeenCalled();
    act(() => firebase.emit({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada', getIdToken: async () => 't' }));
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn:ada@example.com');
    act(() => firebase.emit(null));
    expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
    // Signed in at first: nobody signs in here, so the popup helper never loads.
    expect(firebase.getRedirectResult).not.toHaveBeenCalled();
  });

  it('signs in with a Google popup and signs out through Firebase', async () => {
    renderWith();
    await userEvent.click(screen.getByRole('button', { name: 'in' }));
    expect(firebase.signInWithPopup).toHaveBeenCalledWith(firebase.auth, expect.objectContaining({ providerId: 'google.com' }), firebase.resolver);
    await userEvent.click(screen.getByRole('button', { name: 'out' }));
    expect(firebase.signOut).toHaveBeenCalledWith(firebase.auth);
  });

  it('marks the signed-out state that follows Logout as the creator’s own (a lapsed session is not)', async () => {
    renderWith({ ...testConfig, firebase: { ...testConfig.firebase, apiKey: 'third' } });
    await vi.waitFor(() => expect(firebase.onAuthStateChanged).toHaveBeenCalled());
    act(() => firebase.emit(null));
    expect(screen.getByTestId('status')).toHaveTextContent(/^signedOut$/);
    // Signed out at first: the popup helper loads now, so a sign-in popup opens straight from the click.
    expect(firebase.getRedirectResult).toHaveBeenCalledWith(firebase.auth, firebase.resolver);
    act(() => firebase.emit({ uid: 'u1', email: 'ada@example.com', displayName: 'Ada', getIdToken: async () => 't' }));
    await userEvent.click(screen.getByRole('button', { name: 'out' }));
    act(() => firebase.emit(null));
    expect(screen.getByTestId('status')).toHaveTextContent('signedOut:byUser');
  });

  it('remembers the signed-in creator with each new ID token, and forgets them when Firebase reports nobody', async () => {
    renderWith({ ...testConfig, firebase: { ...testConfig.firebase, apiKey: 'fourth' } });
    await vi.waitFor(() => expect(firebase.onIdTokenChanged).toHaveBeenCalled());
    const token = idToken(3_600_000);
    act(() => firebase.emit(ada(token)));
    await vi.waitFor(() => expect(readRememberedSession()).toMatchObject({ uid: 'u1', email: 'ada@example.com', idToken: token }));
    act(() => firebase.emit(null));
    expect(readRememberedSession()).toBeNull();
  });

  it('opens signed in as the remembered creator, with their token, before Firebase has loaded', async () => {
    const token = idToken(3_600_000);
    rememberSession(ada(), token);
    renderWith({ ...testConfig, firebase: { ...testConfig.firebase, apiKey: 'fifth' } });
    // The very first render: no waiting for the SDK.
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn:ada@example.com');
    await vi.waitFor(() => expect(screen.getByTestId('token')).toHaveTextContent(token));
    // The SDK loads once the browser is idle. Firebase finds the session over (revoked, signed out elsewhere):
    // signed out, as a lapsed session is.
    await vi.waitFor(() => expect(firebase.onAuthStateChanged).toHaveBeenCalled(), { timeout: 20_000 });
    act(() => firebase.emit(null));
    expect(screen.getByTestId('status')).toHaveTextContent(/^signedOut$/);
    expect(readRememberedSession()).toBeNull();
  });

  it('loads Firebase at once when the remembered token is too old to use, and sends its fresh token', async () => {
    rememberSession(ada(), idToken(30_000)); // expires within the minute
    renderWith({ ...testConfig, firebase: { ...testConfig.firebase, apiKey: 'sixth' } });
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn:ada@example.com');
    await vi.waitFor(() => expect(firebase.onAuthStateChanged).toHaveBeenCalled());
    const fresh = idToken(3_600_000);
    act(() => firebase.emit(ada(fresh)));
    await vi.waitFor(() => expect(screen.getByTestId('token')).toHaveTextContent(fresh));
  });

  it('marks the sign-out as the creator’s own when Logout is pressed before Firebase has restored the session', async () => {
    rememberSession(ada(), idToken(3_600_000));
    renderWith({ ...testConfig, firebase: { ...testConfig.firebase, apiKey: 'seventh' } });
    await userEvent.click(screen.getByRole('button', { name: 'out' }));
    // Firebase reports the restored session first, then the sign-out.
    act(() => firebase.emit(ada()));
    act(() => firebase.emit(null));
    expect(screen.getByTestId('status')).toHaveTextContent('signedOut:byUser');
    expect(readRememberedSession()).toBeNull();
  });
});
