import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useAppConfig } from '../../../shared/config';
import { Logo } from '../../../shared/components/Logo';

export function LandingFooter() {
  const { contactEmail } = useAppConfig();
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', py: 5, mt: 4 }}>
      <Container
        maxWidth="lg"
        sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Logo size={28} />
        <Typography variant="body2" color="text.secondary">
          Questions? Contact us at{' '}
          <Link href={`mailto:${contactEmail}`} color="primary">
            {contactEmail}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          © 2026 Preflight
        </Typography>
      </Container>
    </Box>
  );
}
