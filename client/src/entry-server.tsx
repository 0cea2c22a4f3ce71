import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App, ROUTER_BASENAME } from './app/App';
import { createQueryClient } from './app/AppProviders';
import { appConfigQueryKey } from './app/config/AppConfigProvider';
import { preloadFirstPage } from './app/routes';
import { serverStateElement } from './app/serverState';
import { sharedReportQueryKey } from './features/analysis/api/sharedReportQuery';
import { reportDataKey } from './features/analysis/api/useReportData';
import type { RememberedSession } from './lib/rememberedSession';
import { parseServedReport } from './shared/reports/validation';
import type { PublicConfig, SharedReport } from './shared/api';

/**
 * Server rendering (built with `vite build --ssr`, run by the API) of the pages that show content before the app's
 * scripts have run: the landing and pricing pages (src/modules/client-config), the shared report (src/modules/share)
 * and a creator's own report and dashboard (src/modules/reports). A page's HTML carries the data it was rendered
 * with, so the client reads it before any script has run; the app then hydrates from the same data (serverState.ts).
 */
export interface SharedReportPageInput {
  /** The page's path, e.g. /app/client/TOKEN. */
  path: string;
  token: string;
  config: PublicConfig;
  report: SharedReport;
}

/** `template` (the page's built HTML entry) with the rendered page in its root element and the data after it. */
export async function renderSharedReportPage(template: string, { path, token, config, report }: SharedReportPageInput): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(sharedReportQueryKey(token), report);
  return renderPage(template, { path, config, queryClient });
}

/** A creator's own report page (`/app/analysis?id=…`), rendered for them (src/modules/pages/creator-pages-renderer.ts). */
export interface AnalysisPageInput {
  /** The page's path and query, e.g. /app/analysis?id=REPORT_ID. */
  path: string;
  reportId: string;
  config: PublicConfig;
  session: CreatorSession;
  /** report.json as GET /reports/{id}_data/report.json serves it to its owner. */
  report: unknown;
}

export async function renderAnalysisPage(template: string, { path, reportId, config, session, report }: AnalysisPageInput): Promise<string> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(reportDataKey(reportId), parseServedReport(report));
  return renderPage(template, { path, config, queryClient, viewer: session });
}

/**
 * A creator's dashboard, rendered for them with their name; their analyses load in the browser (the list renders as
 * loading on both sides, so the page hydrates as it is).
 */
export interface DashboardPageInput {
  path: string;
  config: PublicConfig;
  session: CreatorSession;
}

export async function renderDashboardPage(template: string, { path, config, session }: DashboardPageInput): Promise<string> {
  return renderPage(template, { path, config, queryClient: createQueryClient(), viewer: session });
}

/** The landing page: the same for every visitor (it shows nothing of who is signed in), so the server keeps it. */
export async function renderLandingPage(template: string, { path, config }: { path: string; config: PublicConfig }): Promise<string> {
  return renderPage(template, { path, config, queryClient: createQueryClient() });
}

/**
 * The pricing page, for the creator whose page cookie came with the request or for a visitor signed out (null): its
 * offer reads differently to each.
 */
export async function renderPricingPage(template: string, { path, config, session }: { path: string; config: PublicConfig; session: CreatorSession | null }): Promise<string> {
  return renderPage(template, { path, config, queryClient: createQueryClient(), viewer: session });
}

/** The creator from their verified token; the token itself is not needed (the server makes no API calls). */
type CreatorSession = Pick<RememberedSession, 'uid' | 'displayName' | 'email'>;

interface PageToRender {
  path: string;
  config: PublicConfig;
  queryClient: QueryClient;
  /** Who the page is rendered for: a creator, nobody signed in (null), or anyone (left out: it shows nobody). */
  viewer?: CreatorSession | null;
}

async function renderPage(template: string, { path, config, queryClient, viewer }: PageToRender): Promise<string> {
  queryClient.setQueryData(appConfigQueryKey, config);
  const { pathname } = new URL(path, 'http://server');
  await preloadFirstPage(ROUTER_BASENAME === '/' ? pathname : pathname.slice(ROUTER_BASENAME.length));
  const session: RememberedSession | undefined = viewer ? { ...viewer, photoURL: null, idToken: '', expiresAt: 0 } : undefined;
  const markup = renderToString(
    <StrictMode>
      <App queryClient={queryClient} location={path} session={session} />
    </StrictMode>,
  );
  const renderedFor = viewer === undefined ? undefined : (viewer?.uid ?? null);
  return intoTemplate(template, markup, serverStateElement(dehydrate(queryClient), renderedFor));
}

const ROOT_START = '<div id="root">';
/** index.html marks where its root element ends. */
const ROOT_END = '<!-- /root -->';

/**
 * What a rendered page does not fetch up front: its scripts (the entry imports the app once the page has shown,
 * main.tsx) and the runtime config (it is in the state). On a phone's connection they would otherwise share the
 * bandwidth with the page itself and hold back the moment it shows.
 */
const PRELOADS = /\s*<link rel="(?:modulepreload|preload)"[^>]*>/g;

/** Replaces the root element (and its boot spinner) with one holding `markup`, followed by `state`. */
function intoTemplate(template: string, markup: string, state: string): string {
  const start = template.indexOf(ROOT_START);
  const end = template.indexOf(ROOT_END, start);
  if (start < 0 || end < 0) throw new Error('the page template has no marked root element to render into');
  const head = template.slice(0, start).replace(PRELOADS, '');
  return `${head}${ROOT_START}${markup}</div>\n    ${state}\n    ${template.slice(end)}`;
}
