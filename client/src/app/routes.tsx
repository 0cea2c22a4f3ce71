import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/routes/LoginPage';
import { LandingPage } from '../features/landing/routes/LandingPage';
import { FullPageSpinner } from '../shared/components/FullPageSpinner';
import { RequireAuth } from './auth';
import { readRememberedSession } from './auth/rememberedSession';
import { SignedInLayout } from './layout/SignedInLayout';

// Public entry pages load eagerly; the rest is split per route.
const pageLoaders = {
  '/dashboard': () => import('../features/dashboard/routes/DashboardPage').then((m) => ({ default: m.DashboardPage })),
  '/upload': () => import('../features/upload/routes/UploadPage').then((m) => ({ default: m.UploadPage })),
  '/analysis': () => import('../features/analysis/routes/AnalysisPage').then((m) => ({ default: m.AnalysisPage })),
  '/billing': () => import('../features/billing/routes/BillingPage').then((m) => ({ default: m.BillingPage })),
  '/pricing': () => import('../features/pricing/routes/PricingPage').then((m) => ({ default: m.PricingPage })),
  '/compare': () => import('../features/compare/routes/ComparePage').then((m) => ({ default: m.ComparePage })),
  '/client/compare': () => import('../features/compare/routes/SharedComparisonPage').then((m) => ({ default: m.SharedComparisonPage })),
  '/client': () => import('../features/analysis/routes/SharedReportPage').then((m) => ({ default: m.SharedReportPage })),
};
/** Pages that ask who is signed in as they open: sign-in and pricing always, the guarded pages when no creator is remembered. */
const NEEDS_AUTH = ['/pricing', '/login'];
const GUARDED = ['/dashboard', '/upload', '/analysis', '/compare', '/billing'];

const DashboardPage = lazy(pageLoaders['/dashboard']);
const UploadPage = lazy(pageLoaders['/upload']);
const AnalysisPage = lazy(pageLoaders['/analysis']);
const BillingPage = lazy(pageLoaders['/billing']);
const ComparePage = lazy(pageLoaders['/compare']);
const PricingPage = lazy(pageLoaders['/pricing']);
const SharedReportPage = lazy(pageLoaders['/client']);
const SharedComparisonPage = lazy(pageLoaders['/client/compare']);

/**
 * Starts downloading what the first page needs at boot, beside the runtime config, instead of one step after another
 * (config → sign-in state → page). `path` is relative to the router basename.
 */
export function preloadFirstPage(path: string): void {
  const section = `/${path.split('/')[1] ?? ''}`;
  const load = pageLoaders[section as keyof typeof pageLoaders];
  const ignore = () => {}; // a failed preload is retried by the page itself
  load?.().catch(ignore);
  // A remembered creator's page draws first and loads the auth SDK after (AuthProvider).
  const needsAuth = NEEDS_AUTH.includes(section) || (GUARDED.includes(section) && !readRememberedSession());
  if (needsAuth) import('./auth/firebaseSession').catch(ignore);
}

const page = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

/** Every route of docs/product.md, Screens, relative to the /app basename. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/client/:token" element={page(<SharedReportPage />)} />
      <Route path="/client/compare/:token" element={page(<SharedComparisonPage />)} />
      <Route path="/pricing" element={page(<PricingPage />)} />
      <Route element={<RequireAuth />}>
        <Route element={<SignedInLayout />}>
          <Route path="/dashboard" element={page(<DashboardPage />)} />
          <Route path="/upload" element={page(<UploadPage />)} />
          <Route path="/analysis" element={page(<AnalysisPage />)} />
          <Route path="/billing" element={page(<BillingPage />)} />
          <Route path="/compare" element={page(<ComparePage />)} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
