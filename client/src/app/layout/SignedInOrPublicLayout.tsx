import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { useAuth } from '../auth';
import { PublicLayout } from '../../shared/components/PublicLayout';
import { AppHeader } from './AppHeader';

/**
 * Frame of a page both visitors and creators open (pricing): a signed-in creator gets the app's own header (their
 * name, Billing, Logout), as on every other page they use; a visitor (or while sign-in is still being checked) the
 * public one.
 */
export function SignedInOrPublicLayout({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  if (state.status !== 'signedIn') return <PublicLayout>{children}</PublicLayout>;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppHeader user={state.user} />
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 4, md: 6 } }}>
        {children}
      </Container>
    </Box>
  );
}
