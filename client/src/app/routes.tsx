import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SignedInOrPublicLayout } from './layout/SignedInOrPublicLayout';
import { LandingPage } from '../features/landing/routes/LandingPage';
import { FullPageSpinner } from '../shared/components/FullPageSpinner';
import { RequireAuth } from './auth';
import { readRememberedSession } from '../lib/rememberedSession';
import { SignedInLayout } from './layout/SignedInLayout';

// The landing page loads eagerly; every other page is split per route (sign-in too: the landing page's first load
// has no room for what only sign-in uses, its testimonial's rating and avatar among them).
/**
 * A page split into its own chunk. Until its chunk has loaded it renders through React.lazy (a spinner meanwhile);
 * once loaded, it renders directly. The first page's chunk is loaded before the app's first render (main.tsx), so
 * that page never shows a Suspense fallback: React holds back the content that replaces a fallback (by up to 300 ms,
 * so pages do not flash), which on the first screen only delayed the page itself.
 */
function splitPage(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | null = null;
  const loadAndKeep = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Lazy = lazy(() => loadAndKeep().then((component) => ({ default: component })));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Page, load: loadAndKeep };
}

const pages = {
  '/login': splitPage(() => import('../features/auth/routes/LoginPage').then((m) => m.LoginPage)),
  '/dashboard': splitPage(() => import('../features/dashboard/routes/DashboardPage').then((m) => m.DashboardPage)),
  '/upload': splitPage(() => import('../features/upload/routes/UploadPage').then((m) => m.UploadPage)),
  '/analysis': splitPage(() => import('../features/analysis/routes/AnalysisPage').then((m) => m.AnalysisPage)),
  '/billing': splitPage(() => import('../features/billing/routes/BillingPage').then((m) => m.BillingPage)),
  '/pricing': splitPage(() => import('../features/pricing/routes/PricingPage').then((m) => m.PricingPage)),
  '/settings': splitPage(() => import('../features/settings/routes/ApiKeysPage').then((m) => m.ApiKeysPage)),
  '/settings/webhooks': splitPage(() => import('../features/settings/routes/WebhooksPage').then((m) => m.WebhooksPage)),
  '/settings/youtube': splitPage(() => import('../features/settings/routes/YoutubePage').then((m) => m.YoutubePage)),
  '/compare': splitPage(() => import('../features/compare/routes/ComparePage').then((m) => m.ComparePage)),
  '/client/compare': splitPage(() => import('../features/compare/routes/SharedComparisonPage').then((m) => m.SharedComparisonPage)),
  '/client': splitPage(() => import('../features/analysis/routes/SharedReportPage').then((m) => m.SharedReportPage)),
};
/** Pages that ask who is signed in as they open: sign-in and pricing always, the guarded pages when no creator is remembered. */
const NEEDS_AUTH = ['/pricing', '/login'];
const GUARDED = ['/dashboard', '/upload', '/analysis', '/compare', '/billing', '/settings'];

const LoginPage = pages['/login'].Page;
const DashboardPage = pages['/dashboard'].Page;
const UploadPage = pages['/upload'].Page;
const AnalysisPage = pages['/analysis'].Page;
const BillingPage = pages['/billing'].Page;
const ComparePage = pages['/compare'].Page;
const ApiKeysPage = pages['/settings'].Page;
const WebhooksPage = pages['/settings/webhooks'].Page;
const YoutubePage = pages['/settings/youtube'].Page;
const PricingPage = pages['/pricing'].Page;
const SharedReportPage = pages['/client'].Page;
const SharedComparisonPage = pages['/client/compare'].Page;

/**
 * Starts downloading what the first page needs at boot, beside the runtime config, instead of one step after another
 * (config → sign-in state → page). `path` is relative to the router basename. Resolves when the page's own chunk has
 * loaded (or failed to: the page then retries through React.lazy).
 */
export function preloadFirstPage(path: string): Promise<void> {
  const section = `/${path.split('/')[1] ?? ''}`;
  const ignore = () => {}; // a failed preload is retried by the page itself
  const remembered = readRememberedSession();
  // A remembered creator's page draws first and loads the auth SDK after (AuthProvider).
  const needsAuth = NEEDS_AUTH.includes(section) || (GUARDED.includes(section) && !remembered);
  if (needsAuth && typeof window !== 'undefined') import('./auth/firebaseSession').catch(ignore); // not for a server render
  const firstPage =
    section === '/client' && path.startsWith('/client/compare/')
      ? pages['/client/compare']
      : section === '/settings' && path.startsWith('/settings/webhooks')
        ? pages['/settings/webhooks']
        : section === '/settings' && path.startsWith('/settings/youtube')
          ? pages['/settings/youtube']
          : pages[section as keyof typeof pages];
  return firstPage ? firstPage.load().then(ignore, ignore) : Promise.resolve();
}

const page = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

/** Every route of docs/product.md, Screens, relative to the /app basename. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={page(<LoginPage />)} />
      <Route path="/client/:token" element={page(<SharedReportPage />)} />
      <Route path="/client/compare/:token" element={page(<SharedComparisonPage />)} />
      <Route path="/pricing" element={<SignedInOrPublicLayout>{page(<PricingPage />)}</SignedInOrPublicLayout>} />
      <Route element={<RequireAuth />}>
        <Route element={<SignedInLayout />}>
          <Route path="/dashboard" element={page(<DashboardPage />)} />
          <Route path="/upload" element={page(<UploadPage />)} />
          <Route path="/analysis" element={page(<AnalysisPage />)} />
          <Route path="/billing" element={page(<BillingPage />)} />
          <Route path="/compare" element={page(<ComparePage />)} />
          <Route path="/settings/api-keys" element={page(<ApiKeysPage />)} />
          <Route path="/settings/webhooks" element={page(<WebhooksPage />)} />
          <Route path="/settings/youtube" element={page(<YoutubePage />)} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
