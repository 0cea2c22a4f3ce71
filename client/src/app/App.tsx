import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, StaticRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { AuthProvider } from './auth';
import { AppConfigProvider } from './config';
import { PaymentRequiredDialog } from './PaymentRequiredDialog';
import { AppRoutes } from './routes';
import type { RememberedSession } from '../lib/rememberedSession';

/** Router basename: Vite's base without the trailing slash ("/app"). */
export const ROUTER_BASENAME = import.meta.env.BASE_URL.replace(/\/+$/, '') || '/';

/**
 * The app; `location` renders one page on the server (entry-server.tsx) instead of following the browser's address,
 * for the signed-in creator `session` when the page is theirs.
 */
export function App({ queryClient, location, session }: { queryClient?: QueryClient; location?: string; session?: RememberedSession }) {
  const routes = (
    <>
      <PaymentRequiredDialog />
      <AppRoutes />
    </>
  );
  return (
    <AppProviders queryClient={queryClient}>
      <AppConfigProvider>
        <AuthProvider session={session}>
          {location === undefined ? (
            <BrowserRouter basename={ROUTER_BASENAME}>{routes}</BrowserRouter>
          ) : (
            <StaticRouter basename={ROUTER_BASENAME} location={location}>
              {routes}
            </StaticRouter>
          )}
        </AuthProvider>
      </AppConfigProvider>
    </AppProviders>
  );
}
