import VisibilityRounded from '@mui/icons-material/VisibilityRounded';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import { useParams } from 'react-router';
import { getSharedReport } from '../../../shared/api';
import { PublicLayout } from '../../../shared/components/PublicLayout';
import { LinkNotFound } from '../../../shared/share/components/LinkNotFound';
import { AnalysisReport } from '../components/AnalysisReport';
import { ReportHeading } from '../components/ReportHeading';
import { MeasuredRetentionViewSchema, toReportView } from '@preflight/shared';
import { parseServedReport } from '../../../shared/reports/validation';
import { PdfDownloadButton } from '../../../shared/pdf';
import { useHydrated } from '../../../shared/hooks/useHydrated';
import { isValidShareToken, normalizeSharedReport } from '../lib/sharedReport';
import { sharedReportQueryKey } from '../api/sharedReportQuery';
import { useSharedReportEdit } from '../api/useReportEdit';
import { useEditDraft } from '../api/useEditDraft';

export const SHARED_TEXT = {
  invalidToken: 'Invalid report token.',
  loadFailed: 'Failed to load report. The link may have expired or be invalid.',
  contactAgency: 'Please contact your agency for a new link.',
} as const;

const NotFound = ({ reason, hint }: { reason: string; hint?: string }) => <LinkNotFound title="Report Not Found" reason={reason} hint={hint} />;

function LoadingSkeleton() {
  return (
    <Box aria-label="Loading report" role="status">
      <Skeleton variant="text" width="20%" />
      <Skeleton variant="text" width="55%" height={56} />
      <Skeleton variant="text" width="30%" sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={180} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={260} sx={{ mb: 3 }} />
      <Skeleton variant="rounded" height={360} />
    </Box>
  );
}

/** "19 Nov 2026" in the reader's time zone; in UTC while the page is rendered on the server and hydrated. */
const dateOnly = (date: Date, readerZone: boolean) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: readerZone ? undefined : 'UTC' });

/** The loaded report as its client reads it: the whole analysis, read-only, with what the link allows. */
function SharedReport({ data, token }: { data: Record<string, unknown>; token: string }) {
  const shared = normalizeSharedReport(data);
  const hydrated = useHydrated();
  // Validated once, like the owner's report: the same contract and the same view model.
  const view = useMemo(() => {
    const served = toReportView(parseServedReport(data.report));
    return shared.filename ? { ...served, filename: shared.filename } : served;
  }, [data.report, shared.filename]);
  // The creator's measured retention, when they added one (older answers have none; a bad one is left out).
  const measured = useMemo(() => MeasuredRetentionViewSchema.safeParse(data.measured_retention).data?.measured?.comparison ?? null, [data.measured_retention]);
  // The creator's edit as they saved it (or the engine's proposal), read-only: no reportId, nothing to save.
  const edit = useEditDraft(null, useSharedReportEdit(token).data);
  const facts = [
    ...(shared.analyzedAt ? [`Analysed ${dateOnly(shared.analyzedAt, hydrated)}`] : []),
    ...(shared.creatorName ? [`Prepared by ${shared.creatorName}`] : []),
  ];
  return (
    <>
      <ReportHeading
        view={view}
        overline="Video Optimization Report"
        facts={facts}
        actions={
          shared.allowDownload && (
            <PdfDownloadButton reportId={shared.reportId} filename={view.filename} shareToken={token} label="Download PDF" size="medium" />
          )
        }
      />
      <AnalysisReport view={view} canViewFrames measured={measured} audience="client" edit={edit} />
      <Typography component="footer" data-testid="shared-footer" variant="body2" color="text.secondary" sx={{ mt: { xs: 4, md: 6 }, textAlign: 'center' }}>
        Read-only report shared with you{shared.expiresAt ? ` · this link works until ${dateOnly(shared.expiresAt, hydrated)}` : ''}. Retention
        figures are predictions made before posting, not measured views{measured ? '; the measured curve is the creator’s own analytics after posting' : ''}.
      </Typography>
    </>
  );
}

/** /client/:token — states (docs/product.md, Shared report): loading skeleton, Report Not Found (invalid token, or the link failed), loaded. */
export function SharedReportPage() {
  const { token } = useParams();
  const valid = isValidShareToken(token);
  const query = useQuery({
    queryKey: sharedReportQueryKey(token),
    queryFn: () => getSharedReport(token!),
    enabled: valid,
    retry: false,
    staleTime: 5 * 60_000,
  });

  // The report renders as a transition when it arrives (in slices, not one long task that blocks input).
  const data = useDeferredValue(query.data);

  let body;
  if (!valid) body = <NotFound reason={SHARED_TEXT.invalidToken} />;
  else if (query.isError) body = <NotFound reason={SHARED_TEXT.loadFailed} hint={SHARED_TEXT.contactAgency} />;
  else if (!data) body = <LoadingSkeleton />;
  else body = <SharedReport data={data} token={token} />;

  const readOnly = <Chip icon={<VisibilityRounded />} label="Read-only report" variant="outlined" size="small" />;
  return <PublicLayout headerAside={readOnly}>{body}</PublicLayout>;
}
