import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getSharedReport } from '../../../shared/api';
import { PageTitle } from '../../../shared/components/PageTitle';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { isValidShareToken, normalizeSharedReport } from '../lib/sharedReport';

function NotFound({ reason, hint }: { reason: string; hint?: string }) {
  return (
    <Card sx={{ p: { xs: 4, md: 6 }, maxWidth: 560, mx: 'auto', textAlign: 'center' }} role="alert">
      <Box sx={{ color: 'error.main', mb: 2 }}>
        <LinkOffRounded sx={{ fontSize: 44 }} />
      </Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Report Not Found
      </Typography>
      <Typography color="text.secondary">{reason}</Typography>
      {hint && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {hint}
        </Typography>
      )}
    </Card>
  );
}

function LoadingSkeleton() {
  return (
    <Box aria-label="Loading report" role="status">
      <Skeleton variant="text" width="45%" height={56} />
      <Skeleton variant="text" width="30%" sx={{ mb: 4 }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3, mb: 3 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={120} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

/** /client/:token — shared report: loading skeleton, error (Report Not Found) or loaded. Full layout comes later. */
export function SharedReportPage() {
  const { token } = useParams();
  const valid = isValidShareToken(token);
  const query = useQuery({
    queryKey: ['public', 'shared-report', token],
    queryFn: () => getSharedReport(token!),
    enabled: valid,
    retry: false,
  });

  let body;
  if (!valid) body = <NotFound reason="Invalid report token." />;
  else if (query.isPending) body = <LoadingSkeleton />;
  else if (query.isError)
    body = (
      <NotFound
        reason="Failed to load report. The link may have expired or be invalid."
        hint="Please contact your agency for a new link."
      />
    );
  else {
    const report = normalizeSharedReport(query.data);
    body = (
      <PageTitle
        title="Shared Analysis Report"
        subtitle={report.expiresAt ? `This link expires on ${report.expiresAt.toLocaleDateString()}.` : undefined}
      />
    );
  }
  return <PublicLayout>{body}</PublicLayout>;
}
