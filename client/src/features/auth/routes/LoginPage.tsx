import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import GoogleIcon from '@mui/icons-material/Google';
import ShieldRounded from '@mui/icons-material/ShieldRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { useAuth, type EmulatorAccount } from '../../../shared/auth';
import { useAppConfig } from '../../../shared/config';
import { FullPageSpinner } from '../../../shared/components/FullPageSpinner';
import { Logo } from '../../../shared/components/Logo';
import { ParticleBackground } from '../../../shared/components/ParticleBackground';
import { brand } from '../../../theme';
import { LOGIN_TESTIMONIAL, TestimonialCard } from '../../../shared/components/TestimonialCard';

// Only with the Auth emulator, only once asked for: never in the page's (or the landing page's) first load.
const EmulatorAccountPicker = lazy(() => import('../components/EmulatorAccountPicker').then((module) => ({ default: module.EmulatorAccountPicker })));

const BENEFITS = [
  'Hook, pacing and energy scored second by second',
  'Predicted retention with every drop-off explained',
  'A timestamped fix for each issue, with the evidence behind it',
];

function MarketingColumn() {
  return (
    <Box
      data-testid="login-marketing"
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        p: { md: 6, lg: 10 },
        borderRight: 1,
        borderColor: 'divider',
        background: `linear-gradient(160deg, ${alpha(brand.violet, 0.14)}, transparent 55%)`,
      }}
    >
      <Box sx={{ maxWidth: 520 }}>
        <Typography variant="overline" color="primary">
          Preflight for creators
        </Typography>
        <Typography variant="h2" sx={{ fontSize: { md: '2.4rem', lg: '2.9rem' }, mb: 3 }}>
          Know what works before you post.
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 5, display: 'grid', gap: 1.5 }}>
          {BENEFITS.map((benefit) => (
            <Box component="li" key={benefit} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
              <Box sx={{ width: 24, height: 24, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: alpha(brand.success, 0.15) }}>
                <CheckRounded sx={{ fontSize: 16, color: 'success.main' }} />
              </Box>
              <Typography color="text.secondary">{benefit}</Typography>
            </Box>
          ))}
        </Box>
        <TestimonialCard testimonial={LOGIN_TESTIMONIAL} />
      </Box>
    </Box>
  );
}

/** Where to go after sign-in: `?next=` when it is a path inside the app (e.g. /pricing), else the dashboard. */
export function afterSignIn(next: string | null): string {
  return next && /^\/(?!\/)[\w\-/?=&]*$/.test(next) ? next : '/dashboard';
}

export function LoginPage() {
  const { state, signInWithGoogle } = useAuth();
  const [params] = useSearchParams();
  const { contactEmail, authEmulatorUrl, firebase } = useAppConfig();
  const { enqueueSnackbar } = useSnackbar();
  const [signingIn, setSigningIn] = useState(false);
  // With the Auth emulator, "Continue with Google" opens the app's own account picker (for this `next`).
  const [picking, setPicking] = useState<{ then: string | null } | null>(null);
  // Where a successful sign-in continues: ?next=, or /upload when the visitor asked for a video analysis.
  const [next, setNext] = useState(() => params.get('next'));
  const theme = useTheme();
  const large = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });

  if (state.status === 'loading') return <FullPageSpinner label="Loading..." />;
  if (state.status === 'signedIn') return <Navigate to={afterSignIn(next)} replace />;

  const handleSignIn = async (then: string | null = params.get('next'), emulatorAccount?: EmulatorAccount) => {
    if (authEmulatorUrl && !emulatorAccount) return setPicking({ then });
    setPicking(null);
    setNext(then);
    setSigningIn(true);
    try {
      await signInWithGoogle(emulatorAccount);
      enqueueSnackbar('Successfully signed in!', { variant: 'success' });
    } catch (error) {
      console.error('Sign-in failed', error);
      enqueueSnackbar('Failed to sign in. Please try again.', { variant: 'error' });
    } finally {
      setSigningIn(false);
    }
  };

  return (
    <Box sx={{ position: 'relative', minHeight: '100vh', display: 'flex' }}>
      <ParticleBackground />
      {large && <MarketingColumn />}
      <Box
        component="main"
        sx={{ position: 'relative', zIndex: 1, flex: { xs: 1, md: '0 0 520px', lg: '0 0 600px' }, display: 'flex', flexDirection: 'column', p: { xs: 2, sm: 4 } }}
      >
        <Box>
          <Button component={RouterLink} to="/" color="inherit" startIcon={<ArrowBackRounded />} sx={{ color: 'text.secondary' }}>
            Back to Home
          </Button>
        </Box>
        <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', py: 4 }}>
          <Card sx={{ width: '100%', maxWidth: 440, p: { xs: 3, sm: 4.5 } }}>
            <Logo size={36} />
            <Typography variant="h4" component="h1" sx={{ mt: 3, mb: 1 }}>
              Sign in to Preflight
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 4 }}>
              See where viewers drop off — and how to fix it — before you post.
            </Typography>

            <Button
              fullWidth
              size="large"
              variant="contained"
              onClick={() => void handleSignIn()}
              disabled={signingIn}
              startIcon={signingIn ? <CircularProgress size={18} color="inherit" /> : <GoogleIcon />}
              sx={{ py: 1.5 }}
            >
              {signingIn ? 'Signing in...' : 'Continue with Google'}
            </Button>

            <Box
              sx={{
                display: 'flex',
                gap: 1.5,
                mt: 3,
                p: 2,
                borderRadius: 2,
                bgcolor: alpha(brand.success, 0.07),
                border: `1px solid ${alpha(brand.success, 0.2)}`,
              }}
            >
              <ShieldRounded sx={{ color: 'success.main', mt: '2px' }} fontSize="small" />
              <Box>
                <Typography variant="body2" sx={{ fontWeight: 700 }}>
                  Our privacy promise
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Your videos are analysed without being stored, and their frame images are deleted within 48h.
                </Typography>
              </Box>
            </Box>

            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 2.5, textAlign: 'center' }}>
              By continuing, you agree to our Terms of Service and Privacy Policy.
            </Typography>

            <Divider sx={{ my: 3, color: 'text.secondary', fontSize: 13 }}>New to Preflight?</Divider>

            {/* /upload is for signed-in creators: a visitor here signs in first and continues there. */}
            <Button onClick={() => void handleSignIn('/upload')} disabled={signingIn} fullWidth variant="outlined" color="inherit" size="large">
              Get My Video Analysis
            </Button>

            <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
              Questions?{' '}
              <Link href={`mailto:${contactEmail}`} color="primary">
                Contact us
              </Link>
            </Typography>
          </Card>
        </Box>
      </Box>
      {authEmulatorUrl && picking && (
        <Suspense fallback={null}>
          <EmulatorAccountPicker
            emulatorUrl={authEmulatorUrl}
            projectId={firebase.projectId}
            onChoose={(account) => void handleSignIn(picking.then, account)}
            onClose={() => setPicking(null)}
          />
        </Suspense>
      )}
    </Box>
  );
}
