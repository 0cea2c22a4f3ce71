import { alpha } from '@mui/material/styles';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { brandGradient } from '../../../theme';
import { SampleReportTeaser } from './SampleReportTeaser';
import { brand } from '../../../theme';

export const HERO_CLAIMS = [
  'Analysed without being stored',
  'Deleted within 48h',
  'First analysis free',
  'No credit card needed',
] as const;

export function Hero() {
  return (
    <Box component="section" sx={{ pt: { xs: 13, md: 18 }, pb: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            // minmax(0, …): a column is never wider than the window for its widest line (the chip's at 360 px once).
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.1fr) minmax(0, 0.9fr)' },
            gap: { xs: 6, md: 8 },
            alignItems: 'center',
          }}
        >
          <Box>
            <Chip
              label="Your first analysis is free for the next 24 hours"
              color="primary"
              variant="outlined"
              sx={{ mb: 3, bgcolor: alpha(brand.violet, 0.08), maxWidth: '100%', height: 'auto', py: 0.5, '& .MuiChip-label': { whiteSpace: 'normal' } }}
            />
            <Typography variant="h1" sx={{ fontSize: { xs: '2.5rem', sm: '3.25rem', md: '4rem' }, mb: 2.5 }}>
              Get Your Video's Analysis{' '}
              <Box component="span" sx={{ background: brandGradient, backgroundClip: 'text', color: 'transparent', whiteSpace: 'nowrap' }}>
                Before You Post
              </Box>
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400, lineHeight: 1.6, mb: 4, maxWidth: 560 }}>
              Preflight reads your hook, pacing, energy and predicted retention, then shows exactly where viewers drop off
              — with a timestamped fix for every issue.
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 4 }}>
              <Button component={RouterLink} to="/upload" variant="contained" size="large" endIcon={<ArrowForwardRounded />}>
                Get My Video Analysis
              </Button>
              <Button component={RouterLink} to="/pricing" variant="outlined" color="inherit" size="large">
                See pricing
              </Button>
            </Box>
            <Box
              component="ul"
              aria-label="Our promises"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.25 }}
            >
              {HERO_CLAIMS.map((claim) => (
                <Box component="li" key={claim} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
                  <CheckCircleRounded fontSize="small" sx={{ color: 'success.main' }} />
                  <Typography variant="body2">{claim}</Typography>
                </Box>
              ))}
            </Box>
          </Box>
          <SampleReportTeaser />
        </Box>
      </Container>
    </Box>
  );
}
