import RocketLaunchRounded from '@mui/icons-material/RocketLaunchRounded';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

export function EmptyState() {
  return (
    <Card sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <RocketLaunchRounded sx={{ fontSize: 48, color: 'primary.main', mb: 1.5 }} />
      <Typography variant="h5" component="h3" sx={{ mb: 1 }}>
        Ready to Optimize Your Content?
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 480, mx: 'auto' }}>
        Upload a video and see where viewers would drop off — with the evidence and a fix for every issue — before you post.
      </Typography>
      <Button component={RouterLink} to="/upload" variant="contained" size="large">
        Get My First Analysis Free
      </Button>
    </Card>
  );
}
