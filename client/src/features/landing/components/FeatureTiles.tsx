import BoltRounded from '@mui/icons-material/BoltRounded';
import CardGiftcardRounded from '@mui/icons-material/CardGiftcardRounded';
import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { brandGradient } from '../../../theme';

export const FEATURE_TILES = [
  { title: 'FAST', Icon: BoltRounded, text: 'Upload and get your analysis in minutes — while you still have time to fix the edit.' },
  { title: 'CLEAR', Icon: VisibilityRounded, text: 'Every issue comes with a timestamp, the reason viewers leave, and the exact fix.' },
  { title: 'FREE', Icon: CardGiftcardRounded, text: 'Your first analysis is free. No credit card needed.' },
] as const;

export function FeatureTiles() {
  return (
    <Box component="section" aria-label="Why Preflight" sx={{ py: { xs: 6, md: 10 } }}>
      <Container maxWidth="lg">
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
          {FEATURE_TILES.map(({ title, Icon, text }) => (
            <Card key={title} sx={{ p: { xs: 3, md: 4 } }}>
              <Box
                sx={{ width: 48, height: 48, borderRadius: 2.5, display: 'grid', placeItems: 'center', background: brandGradient, color: 'background.default', mb: 2.5 }}
              >
                <Icon />
              </Box>
              <Typography variant="h4" component="h3" sx={{ letterSpacing: '0.06em', mb: 1 }}>
                {title}
              </Typography>
              <Typography color="text.secondary">{text}</Typography>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
