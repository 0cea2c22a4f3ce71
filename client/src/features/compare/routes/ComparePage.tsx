import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CompareArrowsRounded from '@mui/icons-material/CompareArrowsRounded';
import ShareRounded from '@mui/icons-material/ShareRounded';
import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import LinearProgress from '@mui/material/LinearProgress';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PdfDownloadButton } from '../../../shared/pdf';
import { ShareDialog } from '../../../shared/share/components/ShareDialog';
import { useAnalysisProgress, waitingCut } from '../api/useAnalysisProgress';
import { isWaitingForAnalysis, useComparison } from '../api/useComparison';
import { ComparisonView } from '../components/ComparisonView';

export const COMPARISON_NOT_FOUND = 'Comparison Not Found';

const BackButton = () => (
  <Button component={RouterLink} to="/dashboard" color="inherit" startIcon={<ArrowBackRounded />} sx={{ mb: 2, color: 'text.secondary' }}>
    Back to Dashboard
  </Button>
);

function Problem({ title, message, waiting = false, children }: { title: string; message: string; waiting?: boolean; children?: ReactNode }) {
  return (
    <Card role={waiting ? 'status' : undefined} sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      {waiting ? <CircularProgress sx={{ mb: 2 }} /> : <CompareArrowsRounded sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} />}
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {message}
      </Typography>
      {children}
      <Button component={RouterLink} to="/dashboard" variant="contained" startIcon={<ArrowBackRounded />}>
        Back to Dashboard
      </Button>
    </Card>
  );
}

/** The running analysis of the cut the comparison waits for: its file, stage and progress. */
function AnalysisProgress({ reportId }: { reportId: string }) {
  const status = useAnalysisProgress(reportId);
  if (!status) return null;
  return (
    <Box sx={{ maxWidth: 420, mx: 'auto', mb: 3, textAlign: 'left' }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.75 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {status.filename}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {status.progress}%
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={status.progress} sx={{ height: 6, borderRadius: 3 }} aria-label={`Analysis progress of ${status.filename}`} />
      {status.stage && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.75 }}>
          {status.stage}
        </Typography>
      )}
    </Box>
  );
}

/** /compare?a={reportId}&b={reportId}: two of the creator's cuts side by side (A the reference, B the new cut). */
export function ComparePage() {
  const [params, setParams] = useSearchParams();
  const a = params.get('a');
  const b = params.get('b');
  const query = useComparison(a, b);
  const comparison = useDeferredValue(query.data ?? null);
  const [sharing, setSharing] = useState(false);
  // Which cut is the reference is the creator's call, not the upload order's: the same comparison, seen the other way.
  const swap = () => a && b && setParams({ a: b, b: a });

  let body;
  if (!a || !b) body = <Problem title={COMPARISON_NOT_FOUND} message="Pick two versions to compare from the dashboard." />;
  else if (query.isError && isWaitingForAnalysis(query.error)) {
    const cut = waitingCut(query.error);
    body = (
      <Problem waiting title="Waiting for the analysis" message={`${query.error.message} This page updates by itself.`}>
        {cut && <AnalysisProgress reportId={cut === 'a' ? a : b} />}
      </Problem>
    );
  }
  else if (query.isError) body = <Problem title={COMPARISON_NOT_FOUND} message={query.error.message} />;
  else if (!comparison)
    body = (
      <Box role="status" sx={{ py: 10, display: 'flex', gap: 1.5, justifyContent: 'center', alignItems: 'center', color: 'text.secondary' }}>
        <CircularProgress size={22} /> Comparing the two cuts...
      </Box>
    );
  else
    body = (
      <ComparisonView
        comparison={comparison}
        owner
        actions={
          <>
            <Button variant="outlined" startIcon={<SwapHorizRounded />} onClick={swap}>
              Swap A and B
            </Button>
            <Button variant="outlined" startIcon={<ShareRounded />} onClick={() => setSharing(true)}>
              Share comparison
            </Button>
            <PdfDownloadButton comparison={{ a: comparison.a.report_id, b: comparison.b.report_id }} filename={comparison.b.filename} label="Download PDF" size="medium" />
          </>
        }
      />
    );
  return (
    <>
      <BackButton />
      {body}
      {sharing && a && b && <ShareDialog comparison={{ a, b }} open onClose={() => setSharing(false)} />}
    </>
  );
}
