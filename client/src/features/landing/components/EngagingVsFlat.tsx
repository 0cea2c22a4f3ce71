import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import TrendingDownRounded from '@mui/icons-material/TrendingDownRounded';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import WhatshotRounded from '@mui/icons-material/WhatshotRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { brand } from '../../../theme';

const COLUMNS = [
  {
    title: 'Engaging',
    caption: 'What keeps people watching',
    color: brand.success,
    Icon: TrendingUpRounded,
    ItemIcon: WhatshotRounded,
    points: [
      'The payoff is teased in the first 2 seconds',
      'A cut, zoom or new angle every few seconds',
      'Energy that builds into the key moment',
      'One clear call to action while attention is high',
    ],
  },
  {
    title: 'Flat',
    caption: 'What makes people scroll away',
    color: brand.danger,
    Icon: TrendingDownRounded,
    ItemIcon: RemoveCircleOutlineRounded,
    points: [
      'A slow intro before anything happens',
      'Long static shots with nothing new on screen',
      'Monotone delivery and dead air',
      'An ending that trails off without an ask',
    ],
  },
];

export function EngagingVsFlat() {
  return (
    <Box component="section" aria-labelledby="engaging-vs-flat" sx={{ py: { xs: 8, md: 12 } }}>
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 640, mx: 'auto', mb: { xs: 5, md: 7 } }}>
          <Typography variant="overline" color="primary">
            Frame by frame
          </Typography>
          <Typography id="engaging-vs-flat" variant="h2" sx={{ fontSize: { xs: '2rem', md: '2.75rem' }, mb: 2 }}>
            Engaging vs Flat
          </Typography>
          <Typography color="text.secondary" variant="subtitle1">
            The difference is rarely the idea. It is the first seconds, the pacing and the energy — and Preflight shows you
            exactly where yours goes flat.
          </Typography>
        </Box>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
          {COLUMNS.map(({ title, caption, color, Icon, ItemIcon, points }) => (
            <Card key={title} sx={{ p: { xs: 3, md: 4 }, borderTop: `3px solid ${color}` }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
                <Box sx={{ width: 44, height: 44, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: alpha(color, 0.12), color }}>
                  <Icon />
                </Box>
                <Box>
                  <Typography variant="h5" component="h3">
                    {title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {caption}
                  </Typography>
                </Box>
              </Box>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.75 }}>
                {points.map((point) => (
                  <Box component="li" key={point} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                    <ItemIcon fontSize="small" sx={{ color, mt: '2px' }} />
                    <Typography>{point}</Typography>
                  </Box>
                ))}
              </Box>
            </Card>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
