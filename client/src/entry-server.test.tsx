import { hydrate } from '@tanstack/react-query';
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App, ROUTER_BASENAME } from './app/App';
import { createQueryClient } from './app/AppProviders';
import { preloadFirstPage } from './app/routes';
import { readServerState } from './app/serverState';
import { renderAnalysisPage, renderDashboardPage, renderLandingPage, renderPricingPage } from './entry-server';
import fixture from './features/analysis/test/report.fixture.json';
import { rememberSession } from './lib/rememberedSession';
import { testConfig } from './test/render';
import { stubResizeObserver } from './test/resizeObserver';

const sdk = vi.hoisted(() => ({ getReportData: vi.fn(), listDashboardReports: vi.fn() }));
vi.mock('@preflight/sdk', async (importOriginal) => ({ ...(await importOriginal<object>()), ...sdk }));
// The sign-in SDK, which a remembered creator's page loads once it has settled: a session that reports nothing.
vi.mock('./app/auth/firebaseSession', () => ({
  startFirebaseSession: () => ({ currentUser: () => null, signInWithGoogle: async () => {}, signOut: async () => {}, stop: () => {} }),
}));

const ID = '0b6f5a3e-2c1d-4e8f-9a7b-123456789abc';
const PAGE = `${ROUTER_BASENAME.replace(/\/$/, '')}/analysis?id=${ID}`;
const TEMPLATE = '<html><head><link rel="modulepreload" href="/app/assets/x.js"></head><body><div id="root"><p>boot spinner</p></div><!-- /root --></body></html>';
const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

beforeAll(stubResizeObserver);
afterEach(() => localStorage.clear());

/** What boot.tsx does with a server-rendered page: its state into the cache, its first page's chunk in, hydration. */
async function hydrateAsTheBrowser(body: string, page: string) {
  document.body.innerHTML = body;
  const queryClient = createQueryClient();
  hydrate(queryClient, readServerState()!);
  await preloadFirstPage(new URL(page, 'http://app').pathname.slice(ROUTER_BASENAME.length - 1));
  window.history.replaceState(null, '', page);
  const onRecoverableError = vi.fn();
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(document.getElementById('root')!, <StrictMode><App queryClient={queryClient} /></StrictMode>, { onRecoverableError });
  });
  return { onRecoverableError, unmount: () => act(() => root?.unmount()) };
}

const bodyOf = (html: string) => html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));

describe('renderAnalysisPage', () => {
  it('renders a creator’s report into the page with its data, and the browser hydrates it as rendered', async () => {
    const html = await renderAnalysisPage(TEMPLATE, {
      path: PAGE,
      reportId: ID,
      config: testConfig,
      session: { uid: 'u1', displayName: 'Ada from the token', email: 'ada@example.com' },
      report: fixture,
    });
    const body = bodyOf(html);
    const markup = body.slice(0, body.indexOf('<script'));
    expect(html).not.toContain('modulepreload'); // its scripts wait until it has shown
    expect(markup).toContain('<h1');
    expect(markup).toContain('flat-talking-head.mp4');
    expect(markup).not.toContain('boot spinner');
    expect(markup).not.toContain('Ada from the token'); // who is signed in shows once hydrated (the browser's own profile)

    // The browser: the same creator remembered under their own profile, then the page's HTML.
    rememberSession({ uid: 'u1', displayName: 'Ada', email: 'ada@example.com', photoURL: null }, jwt({ exp: Date.now() / 1000 + 3600 }));
    const { onRecoverableError, unmount } = await hydrateAsTheBrowser(body, PAGE);
    try {
      expect(onRecoverableError).not.toHaveBeenCalled();
      expect(document.querySelector('h1')?.textContent).toBe('flat-talking-head.mp4');
      await vi.waitFor(() => expect(document.querySelector('[data-testid="user-name"]')?.textContent).toBe('Ada'));
      expect(sdk.getReportData).not.toHaveBeenCalled(); // the report came with the page
    } finally {
      // Nothing of the app may still be rendering once the test's page is gone.
      unmount();
    }
  }, 30_000);
});

describe('renderDashboardPage', () => {
  it('renders the creator’s dashboard with their name and the list loading; the browser hydrates it, then loads the list', async () => {
    sdk.listDashboardReports.mockResolvedValue({ data: { reports: [], total: 0, page: 1, pageSize: 50 } });
    const page = `${ROUTER_BASENAME.replace(/\/$/, '')}/dashboard`;
    const html = await renderDashboardPage(TEMPLATE, { path: page, config: testConfig, session: { uid: 'u1', displayName: 'Ada', email: 'ada@example.com' } });
    const body = bodyOf(html);
    expect(body).toMatch(/<h1[^>]*>Welcome back, (<!-- -->)?Ada<\/h1>/);
    expect(body).toContain('Loading your analyses...');
    expect(sdk.listDashboardReports).not.toHaveBeenCalled(); // the server makes no API calls

    rememberSession({ uid: 'u1', displayName: 'Ada', email: 'ada@example.com', photoURL: null }, jwt({ exp: Date.now() / 1000 + 3600 }));
    const { onRecoverableError, unmount } = await hydrateAsTheBrowser(body, page);
    try {
      expect(onRecoverableError).not.toHaveBeenCalled();
      expect(document.querySelector('h1')?.textContent).toBe('Welcome back, Ada');
      await vi.waitFor(() => expect(sdk.listDashboardReports).toHaveBeenCalled());
    } finally {
      unmount();
    }
  }, 30_000);
});

describe('renderLandingPage', () => {
  it('renders the landing page for anyone; the browser of a remembered creator hydrates it as rendered', async () => {
    const html = await renderLandingPage(TEMPLATE, { path: ROUTER_BASENAME, config: testConfig });
    const body = bodyOf(html);
    expect(body).toContain('<h1');
    expect(body).not.toContain('boot spinner');
    expect(body).toContain(testConfig.contactEmail); // the footer, from the config the page carries

    // It shows nothing of who is signed in, so a creator this browser remembers gets the same first render.
    rememberSession({ uid: 'u1', displayName: 'Ada', email: 'ada@example.com', photoURL: null }, jwt({ exp: Date.now() / 1000 + 3600 }));
    const { onRecoverableError, unmount } = await hydrateAsTheBrowser(body, ROUTER_BASENAME);
    try {
      expect(onRecoverableError).not.toHaveBeenCalled();
      expect(document.querySelector('h1')).not.toBeNull();
    } finally {
      unmount();
    }
  }, 30_000);
});

describe('renderPricingPage', () => {
  const page = `${ROUTER_BASENAME.replace(/\/$/, '')}/pricing`;

  it('renders the offer as it reads signed out, which a browser remembering nobody hydrates as it is', async () => {
    const html = await renderPricingPage(TEMPLATE, { path: page, config: testConfig, session: null });
    expect(bodyOf(html)).toContain('Get My Free Analysis');
    const { onRecoverableError, unmount } = await hydrateAsTheBrowser(bodyOf(html), page);
    try {
      expect(onRecoverableError).not.toHaveBeenCalled();
      expect(document.body.textContent).toContain('Get My Free Analysis');
    } finally {
      unmount();
    }
  }, 30_000);

  it('renders the offer as it reads to the creator of the page cookie, which their browser hydrates as it is', async () => {
    const html = await renderPricingPage(TEMPLATE, { path: page, config: testConfig, session: { uid: 'u1', displayName: 'Ada', email: 'ada@example.com' } });
    expect(bodyOf(html)).toContain('Upload a video');
    rememberSession({ uid: 'u1', displayName: 'Ada', email: 'ada@example.com', photoURL: null }, jwt({ exp: Date.now() / 1000 + 3600 }));
    const { onRecoverableError, unmount } = await hydrateAsTheBrowser(bodyOf(html), page);
    try {
      expect(onRecoverableError).not.toHaveBeenCalled();
      expect(document.body.textContent).toContain('Upload a video');
    } finally {
      unmount();
    }
  }, 30_000);
});
