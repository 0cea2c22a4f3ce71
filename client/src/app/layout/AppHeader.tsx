import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../shared/components/Logo';
import { brandGradient } from '../../theme';
import { displayNameOf } from '../../shared/auth';
import { useHydrated } from '../../shared/hooks/useHydrated';
import { useAuth, type AuthUser } from '../auth';

export { displayNameOf };

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** Header of every signed-in page: who is signed in, Billing, Logout. */
export function AppHeader({ user }: { user: AuthUser }) {
  const { signOut } = useAuth();
  const name = displayNameOf(user);
  // Who is signed in shows once the browser renders: a page rendered on the server knows the creator from their token,
  // whose name and photo can differ from the profile this browser remembers, and hydration must match the server.
  const hydrated = useHydrated();

  // No navigation here: the guard sends a creator who signed out home (RequireAuth), so there is one destination.
  const handleLogout = async () => {
    try {
      await signOut();
    } catch (error) {
      console.error('Sign-out failed', error);
    }
  };

  const compactButton = {
    minWidth: { xs: 40, sm: 64 },
    px: { xs: 1, sm: 2.5 },
    '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
  };
  const label = (text: string) => (
    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
      {text}
    </Box>
  );

  return (
    <AppBar position="sticky">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64, md: 72 }, gap: { xs: 1, sm: 2 } }}>
          <Logo to="/dashboard" compactOnPhones />
          <Box sx={{ flexGrow: 1 }} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0, visibility: hydrated ? undefined : 'hidden' }}>
            <Avatar
              src={hydrated ? (user.photoURL ?? undefined) : undefined}
              alt={hydrated ? name : ''}
              sx={{ width: 34, height: 34, background: brandGradient, color: 'background.default', fontSize: 14, fontWeight: 700 }}
            >
              {hydrated && initials(name)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 700, maxWidth: { xs: 150, sm: 220 } }} data-testid="user-name">
                {hydrated ? name : '\u00a0'}
              </Typography>
              {hydrated && user.email && (
                <Typography variant="caption" color="text.secondary" noWrap component="p" sx={{ maxWidth: { xs: 150, sm: 220 } }}>
                  {user.email}
                </Typography>
              )}
            </Box>
          </Box>
          <Button component={RouterLink} to="/billing" color="inherit" aria-label="Billing" startIcon={<CreditCardRounded />} sx={compactButton}>
            {label('Billing')}
          </Button>
          <Button component={RouterLink} to="/settings/api-keys" color="inherit" aria-label="API keys" startIcon={<KeyRounded />} sx={compactButton}>
            {label('API keys')}
          </Button>
          <Button
            variant="outlined"
            color="inherit"
            aria-label="Logout"
            startIcon={<LogoutRounded />}
            onClick={() => void handleLogout()}
            sx={compactButton}
          >
            {label('Logout')}
          </Button>
        </Toolbar>
      </Container>
    </AppBar>
  );
}
