import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { ParticleBackground } from '../../../shared/components/ParticleBackground';
import { PublicHeader } from '../../../shared/components/PublicHeader';
import { brand } from '../../../theme';
import { EngagingVsFlat } from '../components/EngagingVsFlat';
import { FeatureTiles } from '../components/FeatureTiles';
import { Hero } from '../components/Hero';
import { LandingFooter } from '../components/LandingFooter';

export function LandingPage() {
  return (
    <Box sx={{ position: 'relative', minHeight: '100vh', overflowX: 'hidden' }}>
      <ParticleBackground />
      <PublicHeader />
      <Box component="main" sx={{ position: 'relative', zIndex: 1 }}>
        <Hero />
        <EngagingVsFlat />
        <FeatureTiles />
        <Box component="section" sx={{ py: { xs: 6, md: 10 } }}>
          <Container maxWidth="md">
            <Box
              sx={{
                textAlign: 'center',
                p: { xs: 4, md: 7 },
                borderRadius: 6,
                border: `1px solid ${alpha(brand.violet, 0.3)}`,
                background: `linear-gradient(160deg, ${alpha(brand.violet, 0.18)}, ${alpha(brand.cyan, 0.06)})`,
              }}
            >
              <Typography variant="h2" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 1.5 }}>
                Post with confidence
              </Typography>
              <Typography color="text.secondary" variant="subtitle1" sx={{ mb: 4 }}>
                Your first analysis is free for the next 24 hours. No credit card needed.
              </Typography>
              <Button component={RouterLink} to="/upload" variant="contained" size="large" endIcon={<ArrowForwardRounded />}>
                Get My Video Analysis
              </Button>
            </Box>
          </Container>
        </Box>
      </Box>
      <Box sx={{ position: 'relative', zIndex: 1 }}>
        <LandingFooter />
      </Box>
    </Box>
  );
}
