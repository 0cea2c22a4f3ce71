import AutoFixHighRounded from '@mui/icons-material/AutoFixHighRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import RocketLaunchRounded from '@mui/icons-material/RocketLaunchRounded';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { brand } from '../../../theme';

export const UPLOAD_STEPS = [
  { title: 'Get Analysis', text: 'Upload your video and get hook, pacing and retention predictions.', Icon: InsightsRounded },
  { title: 'Fix Issues', text: 'Each issue comes with the evidence and a concrete fix.', Icon: AutoFixHighRounded },
  { title: 'Optimize Content', text: 'Post the version viewers keep watching.', Icon: RocketLaunchRounded },
] as const;

export function UploadSteps() {
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mb: { xs: 3, md: 4 }, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
      {UPLOAD_STEPS.map(({ title, text, Icon }, i) => (
        <Box
          component="li"
          key={title}
          sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 2, borderRadius: 3, border: `1px solid ${brand.line}`, bgcolor: alpha(brand.surfaceRaised, 0.5) }}
        >
          <Box sx={{ width: 36, height: 36, flexShrink: 0, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: alpha(brand.violet, 0.16), color: 'primary.main' }}>
            <Icon fontSize="small" />
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
              Step {i + 1}
            </Typography>
            <Typography sx={{ fontWeight: 700, lineHeight: 1.3 }}>{title}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
              {text}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
