import { render, type RenderResult } from '@testing-library/react';
import { mediaQueryList } from './mediaQuery';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/AppProviders';

/** The app's providers (theme, cache, toasts), for tests that render a component in them without routes. */
export { AppProviders };
import { AuthContext, type AuthContextValue, type AuthState, type AuthUser } from '../shared/auth';
import { AppConfigContext, type AppConfig } from '../shared/config';

export const testConfig: AppConfig = {
  firebase: { apiKey: 'test-key', authDomain: 'demo-preflight.firebaseapp.com', projectId: 'demo-preflight' },
  authEmulatorUrl: null,
  contactEmail: 'hello@preflight.test',
  billing: { available: true, testMode: false, trialDays: 14 },
};

export function fakeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    uid: 'uid-1',
    displayName: 'Ada Lovelace',
    email: 'ada@example.com',
    getIdToken: vi.fn(async () => 'token'),
    ...overrides,
  };
}

export const signedIn = (user: AuthUser = fakeUser()): AuthState => ({ status: 'signedIn', user });

export function fakeAuth(state: AuthState = { status: 'signedOut' }, overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    state,
    signInWithGoogle: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    ...overrides,
  };
}

/** Shows the current path so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

interface Options {
  route?: string;
  auth?: AuthContextValue;
  config?: AppConfig;
  /** Extra routes rendered next to the element under test (e.g. a stub /login). */
  routes?: Record<string, ReactNode>;
  /** Path pattern for `ui`; defaults to `route`'s path. Pass null to render `ui` as-is (it brings its own routes). */
  path?: string | null;
}

export function renderApp(ui: ReactElement, options: Options = {}): RenderResult & { auth: AuthContextValue } {
  const route = options.route ?? '/';
  const auth = options.auth ?? fakeAuth();
  const path = options.path === undefined ? route.split('?')[0]! : options.path;
  const result = render(
    <AppProviders queryClient={createQueryClient()}>
      <AppConfigContext.Provider value={options.config ?? testConfig}>
        <AuthContext.Provider value={auth}>
          <MemoryRouter initialEntries={[route]}>
            {path === null ? (
              ui
            ) : (
              <Routes>
                <Route path={path} element={ui} />
                {Object.entries(options.routes ?? {}).map(([p, el]) => (
                  <Route key={p} path={p} element={el} />
                ))}
              </Routes>
            )}
            <LocationProbe />
          </MemoryRouter>
        </AuthContext.Provider>
      </AppConfigContext.Provider>
    </AppProviders>,
  );
  return { ...result, auth };
}

/** Makes `matchMedia` answer like a screen `width` px wide (min-/max-width queries) with the given motion preference. */
export function setScreen(width: number, { reducedMotion = false } = {}) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    let matches = true;
    if (min) matches &&= width >= Number(min[1]);
    if (max) matches &&= width <= Number(max[1]);
    if (/prefers-reduced-motion:\s*reduce/.test(query)) matches = reducedMotion;
    return mediaQueryList(query, matches);
  }) as typeof window.matchMedia;
}
