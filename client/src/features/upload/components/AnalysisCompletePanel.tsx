import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { STAGE_TEXT } from '@preflight/shared';
import { brand } from '../../../theme';

export function AnalysisCompletePanel({ filename, onView }: { filename: string | null; onView?: () => void }) {
  return (
    <Card data-testid="analysis-complete" sx={{ p: { xs: 2.5, md: 3.5 }, borderColor: alpha(brand.success, 0.4) }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: { sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
        <TaskAltRounded color="success" sx={{ fontSize: 40 }} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            Analysis Complete
          </Typography>
          <Typography color="text.secondary">{STAGE_TEXT.completed}</Typography>
          {filename && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {filename}
            </Typography>
          )}
        </Box>
        <Button component={RouterLink} to="/dashboard" variant="contained" endIcon={<ArrowForwardRounded />} onClick={onView}>
          View Analysis
        </Button>
      </Box>
    </Card>
  );
}
