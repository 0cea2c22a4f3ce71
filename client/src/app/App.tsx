import { BrowserRouter } from 'react-router';
import { AppProviders } from './AppProviders';
import { AuthProvider } from './auth';
import { AppConfigProvider } from './config';
import { PaymentRequiredRedirect } from './PaymentRequiredRedirect';
import { AppRoutes } from './routes';

/** Router basename: Vite's base without the trailing slash ("/app"). */
export const ROUTER_BASENAME = import.meta.env.BASE_URL.replace(/\/+$/, '') || '/';

export function App() {
  return (
    <AppProviders>
      <AppConfigProvider>
        <AuthProvider>
          <BrowserRouter basename={ROUTER_BASENAME}>
            <PaymentRequiredRedirect />
            <AppRoutes />
          </BrowserRouter>
        </AuthProvider>
      </AppConfigProvider>
    </AppProviders>
  );
}
