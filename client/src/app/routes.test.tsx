import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderApp, signedIn } from '../test/render';
import { AppRoutes } from './routes';

const renderRoutes = (route: string, auth = fakeAuth()) => renderApp(<AppRoutes />, { route, auth, path: null });

describe('AppRoutes', () => {
  it('redirects an unknown path to / (landing)', async () => {
    renderRoutes('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: /Get Your Video's Analysis/ })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it.each(['/dashboard', '/upload', '/analysis?id=abc', '/billing'])('%s sends a signed-out visitor to /login', async (route) => {
    renderRoutes(route);
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);
  });

  it.each([
    ['/dashboard', 'Welcome back, Ada Lovelace'],
    ['/upload', 'Test Your Video Before You Post'],
    ['/analysis?id=abc', 'Analysis Not Found'], // no API in this test: the report cannot load
    ['/billing', 'Your Video Testing Plan'],
  ])('%s renders its page for a signed-in creator', async (route, title) => {
    renderRoutes(route, fakeAuth(signedIn()));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('/pricing is public', async () => {
    renderRoutes('/pricing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeInTheDocument();
  });

  it('/client/:token is public and rejects a malformed token', async () => {
    renderRoutes('/client/bad');
    expect(await screen.findByRole('heading', { name: 'Report Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Invalid report token.')).toBeInTheDocument();
  });
});
