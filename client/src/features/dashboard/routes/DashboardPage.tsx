import AddRounded from '@mui/icons-material/AddRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../../app/auth';
import { displayNameOf } from '../../../app/layout/AppHeader';
import { brand } from '../../../theme';

export const DASHBOARD_TAGLINE = 'The only way to test videos before posting';

export function DashboardPage() {
  const { state } = useAuth();
  const name = state.status === 'signedIn' ? displayNameOf(state.user) : 'Creator';

  return (
    <>
      <Box
        component="section"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'center' },
          justifyContent: 'space-between',
          gap: 3,
          p: { xs: 3, md: 5 },
          mb: { xs: 4, md: 6 },
          borderRadius: 5,
          border: `1px solid ${alpha(brand.violet, 0.25)}`,
          background: `linear-gradient(135deg, ${alpha(brand.violet, 0.16)}, ${alpha(brand.cyan, 0.05)} 70%)`,
        }}
      >
        <Box>
          <Typography variant="overline" color="primary">
            Dashboard
          </Typography>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 1 }}>
            Welcome back, {name}
          </Typography>
          <Typography color="text.secondary" variant="subtitle1">
            {DASHBOARD_TAGLINE}
          </Typography>
        </Box>
        <Button component={RouterLink} to="/upload" variant="contained" size="large" startIcon={<AddRounded />} sx={{ flexShrink: 0 }}>
          Test My Content
        </Button>
      </Box>
      {/* Stat cards, the analyses list and the privacy promise arrive with the dashboard issue. */}
      <Box data-testid="dashboard-content" />
    </>
  );
}
