import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router';
import { useAuth } from '../auth';
import { AppHeader } from './AppHeader';

/** Frame of the signed-in pages (rendered inside RequireAuth, so the user is known). */
export function SignedInLayout() {
  const { state } = useAuth();
  if (state.status !== 'signedIn') return null;
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppHeader user={state.user} />
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 4, md: 6 } }}>
        <Outlet />
      </Container>
    </Box>
  );
}
