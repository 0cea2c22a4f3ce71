import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { PublicHeader } from './PublicHeader';

/** Frame of public pages other than landing and sign-in (pricing, shared report). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <PublicHeader />
      <Container component="main" maxWidth="lg" sx={{ pt: { xs: 12, md: 16 }, pb: 8 }}>
        {children}
      </Container>
    </Box>
  );
}
