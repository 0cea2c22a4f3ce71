import LockRounded from '@mui/icons-material/LockRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { brand } from '../../../theme';

export function PrivacyPromise() {
  return (
    <Box
      component="aside"
      aria-label="Privacy Promise"
      sx={{ mt: { xs: 5, md: 7 }, p: { xs: 2.5, md: 3 }, borderRadius: '16px', display: 'flex', gap: 2, alignItems: 'flex-start', border: `1px solid ${alpha(brand.cyan, 0.25)}`, bgcolor: alpha(brand.cyan, 0.05) }}
    >
      <LockRounded sx={{ color: 'secondary.main', mt: 0.25 }} />
      <Box>
        <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
          Privacy Promise
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Your videos are analysed without being stored: the upload is deleted as soon as its analysis ends, and the frame
          images taken from it within 48h. Your analyses are visible to you alone, and to the people you share a link with.
        </Typography>
      </Box>
    </Box>
  );
}
