import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderApp, signedIn } from '../../test/render';
import { RequireAuth } from './RequireAuth';

const guarded = (
  <RequireAuth>
    <p>Secret dashboard</p>
  </RequireAuth>
);

describe('RequireAuth', () => {
  it('shows a centered spinner while the auth state is loading', () => {
    renderApp(guarded, { route: '/dashboard', auth: fakeAuth({ status: 'loading' }), routes: { '/login': <p>Login page</p> } });
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('Secret dashboard')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });

  it('redirects to /login when signed out', () => {
    renderApp(guarded, { route: '/dashboard', auth: fakeAuth({ status: 'signedOut' }), routes: { '/login': <p>Login page</p> } });
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(screen.queryByText('Secret dashboard')).not.toBeInTheDocument();
  });

  it('sends a creator who just signed out home, not to /login', () => {
    renderApp(guarded, {
      route: '/dashboard',
      auth: fakeAuth({ status: 'signedOut', byUser: true }),
      routes: { '/login': <p>Login page</p>, '/': <p>Home page</p> },
    });
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('renders its children when signed in', () => {
    renderApp(guarded, { route: '/dashboard', auth: fakeAuth(signedIn()), routes: { '/login': <p>Login page</p> } });
    expect(screen.getByText('Secret dashboard')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });
});
