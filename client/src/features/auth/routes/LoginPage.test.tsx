import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthState } from '../../../shared/auth';
import { fakeAuth, renderApp, setScreen, signedIn, testConfig } from '../../../test/render';
import { afterSignIn, LoginPage } from './LoginPage';

const routes = { '/dashboard': <p>Dashboard page</p>, '/': <p>Home page</p>, '/upload': <p>Upload page</p> };

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('LoginPage', () => {
  it('shows a spinner with "Loading..." while the auth state resolves', () => {
    renderApp(<LoginPage />, { route: '/login', auth: fakeAuth({ status: 'loading' }), routes });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('redirects a signed-in user to /dashboard', () => {
    renderApp(<LoginPage />, { route: '/login', auth: fakeAuth(signedIn()), routes });
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/);
  });

  it('returns a signed-in user to ?next= when it is a path in the app (the pricing page sends visitors here)', () => {
    renderApp(<LoginPage />, { route: '/login?next=/pricing', auth: fakeAuth(signedIn()), routes: { ...routes, '/pricing': <p>Pricing page</p> } });
    expect(screen.getByText('Pricing page')).toBeInTheDocument();
    expect(afterSignIn('/pricing')).toBe('/pricing');
    expect(afterSignIn('//evil.example/x')).toBe('/dashboard');
    expect(afterSignIn('https://evil.example')).toBe('/dashboard');
    expect(afterSignIn(null)).toBe('/dashboard');
  });

  it('shows the sign-in page content', () => {
    renderApp(<LoginPage />, { route: '/login', routes });
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Preflight' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:hello@preflight.test');
    expect(screen.getByText(/analysed without being stored/)).toBeInTheDocument();
    expect(screen.getByText(/agree to our Terms of Service and Privacy Policy/)).toBeInTheDocument();
  });

  it('shows "Signing in..." and disables the button while sign-in is pending, then toasts success', async () => {
    const user = userEvent.setup();
    const pending = deferred();
    const auth = fakeAuth({ status: 'signedOut' }, { signInWithGoogle: vi.fn(() => pending.promise) });
    renderApp(<LoginPage />, { route: '/login', auth, routes });

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const button = screen.getByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    expect(auth.signInWithGoogle).toHaveBeenCalledTimes(1);

    await act(async () => pending.resolve());
    expect(await screen.findByText('Successfully signed in!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('"Get My Video Analysis" signs a visitor in and continues to /upload (a link there would bounce back here)', async () => {
    function SignsIn({ children }: { children: ReactNode }) {
      const [state, setState] = useState<AuthState>({ status: 'signedOut' });
      const value = { state, signInWithGoogle: vi.fn(async () => setState(signedIn())), signOut: vi.fn(async () => {}) };
      return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
    }
    renderApp(
      <SignsIn>
        <LoginPage />
      </SignsIn>,
      { route: '/login', routes },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Get My Video Analysis' }));
    expect(await screen.findByText('Upload page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/upload$/);
  });

  it('toasts the failure and only logs the error', async () => {
    const user = userEvent.setup();
    const error = new Error('auth/popup-closed-by-user');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const auth = fakeAuth({ status: 'signedOut' }, { signInWithGoogle: vi.fn(async () => Promise.reject(error)) });
    renderApp(<LoginPage />, { route: '/login', auth, routes });

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Failed to sign in. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/popup-closed-by-user/)).not.toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith(expect.any(String), error);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it('shows the marketing column with one testimonial on large screens only', () => {
    setScreen(1280);
    const { unmount } = renderApp(<LoginPage />, { route: '/login', routes });
    expect(screen.getByTestId('login-marketing')).toBeInTheDocument();
    expect(screen.getAllByRole('blockquote')).toHaveLength(1);
    expect(screen.getByText('Maya Okafor')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /5 Stars/ })).toBeInTheDocument();
    unmount();

    setScreen(375);
    renderApp(<LoginPage />, { route: '/login', routes });
    expect(screen.queryByTestId('login-marketing')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
  });

  it('with the Auth emulator, "Continue with Google" opens the app\'s own account picker: an existing account or a new one', async () => {
    const user = userEvent.setup();
    const config = { ...testConfig, authEmulatorUrl: 'http://127.0.0.1:9099' };
    // The emulator's accounts:query answer (the browser tests talk to a real emulator).
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ userInfo: [{ providerUserInfo: [{ providerId: 'google.com', rawId: '42', email: 'ada@example.com', displayName: 'Ada' }] }] })),
    );
    const auth = fakeAuth({ status: 'signedOut' });
    renderApp(<LoginPage />, { route: '/login', auth, routes, config });

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(auth.signInWithGoogle).not.toHaveBeenCalled();
    const existing = await screen.findByRole('button', { name: /Ada/ });
    expect(fetchMock).toHaveBeenCalledWith(
      `http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/projects/${testConfig.firebase.projectId}/accounts:query`,
      expect.objectContaining({ method: 'POST' }),
    );
    await user.click(existing);
    expect(auth.signInWithGoogle).toHaveBeenCalledWith({ sub: '42', email: 'ada@example.com', displayName: 'Ada' });

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in as new account' }));
    expect(auth.signInWithGoogle).toHaveBeenLastCalledWith(expect.objectContaining({ email: 'new@example.com', sub: expect.stringMatching(/^\d{12}$/) }));
    fetchMock.mockRestore();
  });
});
