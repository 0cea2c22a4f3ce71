import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth/routes/LoginPage';
import { LandingPage } from '../features/landing/routes/LandingPage';
import { FullPageSpinner } from '../shared/components/FullPageSpinner';
import { RequireAuth } from './auth';
import { SignedInLayout } from './layout/SignedInLayout';

// Public entry pages load eagerly; the rest is split per route.
const DashboardPage = lazy(() => import('../features/dashboard/routes/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const UploadPage = lazy(() => import('../features/upload/routes/UploadPage').then((m) => ({ default: m.UploadPage })));
const AnalysisPage = lazy(() => import('../features/analysis/routes/AnalysisPage').then((m) => ({ default: m.AnalysisPage })));
const BillingPage = lazy(() => import('../features/billing/routes/BillingPage').then((m) => ({ default: m.BillingPage })));
const PricingPage = lazy(() => import('../features/pricing/routes/PricingPage').then((m) => ({ default: m.PricingPage })));
const SharedReportPage = lazy(() =>
  import('../features/analysis/routes/SharedReportPage').then((m) => ({ default: m.SharedReportPage })),
);

const page = (node: ReactNode) => <Suspense fallback={<FullPageSpinner />}>{node}</Suspense>;

/** Every route of docs/product.md, Screens, relative to the /app basename. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/client/:token" element={page(<SharedReportPage />)} />
      <Route path="/pricing" element={page(<PricingPage />)} />
      <Route element={<RequireAuth />}>
        <Route element={<SignedInLayout />}>
          <Route path="/dashboard" element={page(<DashboardPage />)} />
          <Route path="/upload" element={page(<UploadPage />)} />
          <Route path="/analysis" element={page(<AnalysisPage />)} />
          <Route path="/billing" element={page(<BillingPage />)} />
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
