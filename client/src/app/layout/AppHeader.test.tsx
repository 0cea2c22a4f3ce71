import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth, fakeUser, renderApp, signedIn } from '../../test/render';
import { AppHeader } from './AppHeader';

describe('AppHeader', () => {
  it("shows the user's display name and email, a Billing link and Logout", () => {
    const user = fakeUser();
    renderApp(<AppHeader user={user} />, { route: '/dashboard', auth: fakeAuth(signedIn(user)) });
    expect(screen.getByTestId('user-name')).toHaveTextContent('Ada Lovelace');
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/billing');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('falls back to "Creator" without a display name', () => {
    const user = fakeUser({ displayName: null });
    renderApp(<AppHeader user={user} />, { route: '/dashboard', auth: fakeAuth(signedIn(user)) });
    expect(screen.getByTestId('user-name')).toHaveTextContent('Creator');
  });

  it('Logout signs out and leaves the destination to the guard (one navigation, no race with it)', async () => {
    const user = fakeUser();
    const auth = fakeAuth(signedIn(user));
    renderApp(<AppHeader user={user} />, { route: '/dashboard', auth, routes: { '/': <p>Home page</p> } });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('a sign-out error is only logged', async () => {
    const user = fakeUser();
    const error = new Error('network');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const auth = fakeAuth(signedIn(user), { signOut: vi.fn(async () => Promise.reject(error)) });
    renderApp(<AppHeader user={user} />, { route: '/dashboard', auth });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalledWith(expect.any(String), error));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
