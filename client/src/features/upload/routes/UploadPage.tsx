import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../../shared/components/PageTitle';

export function UploadPage() {
  return (
    <>
      <Button component={RouterLink} to="/dashboard" color="inherit" startIcon={<ArrowBackRounded />} sx={{ mb: 3, color: 'text.secondary' }}>
        Back to Dashboard
      </Button>
      <PageTitle title="Test Your Video Before You Post" subtitle="Upload a video up to 1 hour long and get your optimization analysis." />
    </>
  );
}
