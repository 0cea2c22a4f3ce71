import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { ReactNode } from 'react';
import { PublicHeader } from './PublicHeader';

/** Frame of public pages other than landing and sign-in (pricing, shared report); `headerAside` replaces the sales nav. */
export function PublicLayout({ children, headerAside }: { children: ReactNode; headerAside?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <PublicHeader aside={headerAside} />
      <Container component="main" maxWidth="lg" sx={{ pt: { xs: 12, md: 16 }, pb: 8 }}>
        {children}
      </Container>
    </Box>
  );
}
