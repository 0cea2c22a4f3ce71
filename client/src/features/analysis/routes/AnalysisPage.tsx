import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../../shared/components/PageTitle';

export function AnalysisPage() {
  return (
    <>
      <Button component={RouterLink} to="/dashboard" color="inherit" startIcon={<ArrowBackRounded />} sx={{ mb: 3, color: 'text.secondary' }}>
        Back to Dashboard
      </Button>
      <PageTitle title="Optimization Analysis" />
    </>
  );
}
