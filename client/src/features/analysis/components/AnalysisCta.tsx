import AddRounded from '@mui/icons-material/AddRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { brand } from '../../../theme';
import { PdfDownloadButton } from '../../../shared/pdf';

export function AnalysisCta({ reportId, filename }: { reportId: string; filename: string }) {
  return (
    <Card component="section" sx={{ mt: { xs: 4, md: 6 }, p: { xs: 3, md: 4 }, textAlign: 'center', background: `linear-gradient(135deg, ${alpha(brand.violet, 0.16)}, ${alpha(brand.cyan, 0.06)})` }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        Fixed it? Test the new cut before you post.
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Each upload gets a fresh prediction, so you can see the difference your edits make.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexDirection: { xs: 'column', sm: 'row' } }}>
        <Button component={RouterLink} to="/upload" variant="contained" size="large" startIcon={<AddRounded />}>
          Optimize Another Video
        </Button>
        <PdfDownloadButton reportId={reportId} filename={filename} label="Download Report" size="large" startIcon={<DownloadRounded />} />
      </Box>
    </Card>
  );
}
