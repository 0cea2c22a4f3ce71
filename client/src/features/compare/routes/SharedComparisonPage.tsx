import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { getSharedComparison } from '@preflight/sdk';
import { parseComparison } from '../../../shared/reports/validation';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useParams } from 'react-router';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { LinkNotFound } from '../../../shared/share/components/LinkNotFound';
import { PdfDownloadButton } from '../../../shared/pdf';
import { isValidShareToken } from '../../../shared/share/lib/shareLink';
import { ComparisonView } from '../components/ComparisonView';

export const SHARED_COMPARISON_TEXT = {
  title: 'Comparison Not Found',
  invalidToken: 'Invalid comparison link.',
  loadFailed: 'Failed to load comparison. The link may have expired or be invalid.',
  contactAgency: 'Please contact your agency for a new link.',
} as const;

const NotFound = ({ reason, hint }: { reason: string; hint?: string }) => <LinkNotFound title={SHARED_COMPARISON_TEXT.title} reason={reason} hint={hint} />;

function LoadingSkeleton() {
  return (
    <Box aria-label="Loading comparison" role="status">
      <Skeleton variant="rounded" height={160} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={220} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={300} />
    </Box>
  );
}

const dateOnly = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/** /client/compare/:token: a comparison of two cuts, read-only, for whoever holds the link (no sign-in). */
export function SharedComparisonPage() {
  const { token } = useParams();
  const valid = isValidShareToken(token);
  const query = useQuery({
    queryKey: ['public', 'shared-comparison', token],
    queryFn: async () => {
      const { data } = await getSharedComparison({ path: { token: token! }, throwOnError: true });
      return { ...data, comparison: parseComparison(data.comparison) };
    },
    enabled: valid,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const data = useDeferredValue(query.data);

  let body;
  if (!valid) body = <NotFound reason={SHARED_COMPARISON_TEXT.invalidToken} />;
  else if (query.isError) body = <NotFound reason={SHARED_COMPARISON_TEXT.loadFailed} hint={SHARED_COMPARISON_TEXT.contactAgency} />;
  else if (!data) body = <LoadingSkeleton />;
  else
    body = (
      <>
        <ComparisonView
          comparison={data.comparison}
          owner={false}
          actions={
            data.allow_download && (
              <PdfDownloadButton
                comparison={{ a: data.comparison.a.report_id, b: data.comparison.b.report_id }}
                filename={data.comparison.b.filename}
                shareToken={token}
                label="Download PDF"
                size="medium"
              />
            )
          }
        />
        <Typography component="footer" variant="body2" color="text.secondary" sx={{ mt: { xs: 4, md: 6 }, textAlign: 'center' }}>
          Read-only comparison shared with you · this link works until {dateOnly(data.expires_at)}. Scores and retention are
          predictions made before posting, not measured views.
        </Typography>
      </>
    );
  const readOnly = <Chip icon={<VisibilityRounded />} label="Read-only comparison" variant="outlined" size="small" />;
  return <PublicLayout headerAside={readOnly}>{body}</PublicLayout>;
}
