import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../../shared/components/PageTitle';
import { FreePlanNote, PlanLimitAlert, useUploadAllowance } from '../components/UploadPlanNotice';
import { useProcessingStatus } from '../api/useProcessingStatus';
import { AnalysisCompletePanel } from '../components/AnalysisCompletePanel';
import { DropZone } from '../components/DropZone';
import { FeedbackStylePicker } from '../../../shared/components/FeedbackStylePicker';
import { PlatformPicker } from '../../../shared/components/PlatformPicker';
import { ProcessingPanel } from '../components/ProcessingPanel';
import { UploadQueueList } from '../components/UploadQueueList';
import { UploadSteps } from '../components/UploadSteps';
import { UploadTestimonials } from '../components/UploadTestimonials';
import { useUploadQueue, type Starter } from '../hooks/useUploadQueue';
import { pendingItems } from '../lib/queue';
import { uploadFingerprint } from '../lib/unfinishedUploads';
import { LeaveWhileUploading } from '../components/LeaveWhileUploading';
import { UnfinishedUploads } from '../components/UnfinishedUploads';
import { useAuth } from '../../../shared/auth';

/** The report the processing panel follows survives a reload of the page. */
export const LAST_REPORT_KEY = 'preflight.upload.lastReportId';
/** Time to see the finished bar and the toast before the dashboard opens. */
export const NAVIGATE_DELAY_MS = 1200;
export const ONE_HOUR_NOTE = 'Videos longer than 1 hour cannot be processed.';

const readLast = () => {
  try {
    return sessionStorage.getItem(LAST_REPORT_KEY);
  } catch {
    return null;
  }
};
const writeLast = (id: string | null) => {
  try {
    if (id) sessionStorage.setItem(LAST_REPORT_KEY, id);
    else sessionStorage.removeItem(LAST_REPORT_KEY);
  } catch {
    /* storage unavailable */
  }
};

/** After an upload: the dashboard, or the comparison with the cut it was uploaded against (?compareWith=). */
export function afterUploadPath(compareWith: string | null, reportIds: string[]): string {
  const newCut = reportIds[reportIds.length - 1];
  return compareWith && newCut ? `/compare?a=${encodeURIComponent(compareWith)}&b=${encodeURIComponent(newCut)}` : '/dashboard';
}

export function UploadPage({ start }: { start?: Starter } = {}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const compareWith = params.get('compareWith');
  const [reportId, setReportId] = useState<string | null>(readLast);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const uploads = useUploadQueue({
    start,
    onUploaded: (id) => {
      setReportId(id);
      writeLast(id);
    },
    onBatchDone: ({ reportIds, failed }) => {
      if (reportIds.length && !failed) timer.current = setTimeout(() => navigate(afterUploadPath(compareWith, reportIds)), NAVIGATE_DELAY_MS);
    },
  });
  const { view, filename } = useProcessingStatus(reportId);
  const { state } = useAuth();
  const user = state.status === 'signedIn' ? state.user : null;
  const getToken = useCallback(() => (user ? user.getIdToken() : Promise.reject(new Error('signed out'))), [user]);
  const inQueue = useMemo(
    () => new Set(user ? uploads.queue.map((item) => uploadFingerprint(item.file, user.uid)) : []),
    [uploads.queue, user],
  );
  const pending = pendingItems(uploads.queue).length;
  const allowance = useUploadAllowance(pending, uploads.queue.filter((item) => item.status === 'completed').length);

  return (
    <>
      <Button component={RouterLink} to="/dashboard" color="inherit" startIcon={<ArrowBackRounded />} sx={{ mb: 3, color: 'text.secondary' }}>
        Back to Dashboard
      </Button>
      <PageTitle title="Test Your Video Before You Post" subtitle="Upload a video and get your optimization analysis: hook, pacing, energy and predicted drop-offs." />
      <UploadSteps />
      {compareWith && (
        <Alert severity="info" sx={{ mb: 3 }}>
          Uploading a new cut to compare: once it is uploaded, the comparison opens and shows its analysis as it runs.
        </Alert>
      )}

      {view && !view.done && (
        <Box sx={{ mb: 3 }}>
          <ProcessingPanel view={view} filename={filename} />
        </Box>
      )}
      {view?.failed && (
        <Box sx={{ mb: 3 }}>
          <ProcessingPanel view={view} filename={filename} />
        </Box>
      )}
      {view?.done && !view.failed && (
        <Box sx={{ mb: 3 }}>
          <AnalysisCompletePanel filename={filename} onView={() => writeLast(null)} />
        </Box>
      )}

      <LeaveWhileUploading uploading={uploads.busy} />
      {user && <UnfinishedUploads userId={user.uid} getToken={getToken} inQueue={inQueue} onResume={uploads.resume} />}

      <Card component="section" aria-label="Upload" sx={{ p: { xs: 2, sm: 3, md: 4 } }}>
        <FreePlanNote allowance={allowance} />
        <DropZone onFiles={uploads.add} />
        {uploads.rejected.length > 0 && (
          <Alert severity="error" onClose={uploads.dismissRejected} sx={{ mt: 2 }}>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {uploads.rejected.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          </Alert>
        )}

        <Box sx={{ mt: 3 }}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1, fontWeight: 700 }}>
            Feedback style
          </Typography>
          <FeedbackStylePicker value={uploads.feedbackStyle} onChange={uploads.setFeedbackStyle} disabled={uploads.busy} />
        </Box>

        <Box sx={{ mt: 3 }}>
          <PlatformPicker value={uploads.platform} onChange={uploads.setPlatform} disabled={uploads.busy} />
        </Box>

        {uploads.queue.length > 0 && (
          <Box sx={{ mt: 3 }}>
            <UploadQueueList queue={uploads.queue} onRemove={uploads.remove} onCancel={uploads.cancel} />
            <PlanLimitAlert allowance={allowance} pending={pending} />
          </Box>
        )}

        <Box sx={{ mt: 3, display: 'flex', gap: 2, alignItems: { sm: 'center' }, justifyContent: 'space-between', flexDirection: { xs: 'column-reverse', sm: 'row' } }}>
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <InfoOutlined fontSize="small" /> {ONE_HOUR_NOTE}
          </Typography>
          <Button variant="contained" size="large" startIcon={<CloudUploadRounded />} disabled={!pending || allowance.overLimit} onClick={uploads.uploadAll}>
            {pending > 1 ? `Upload All (${pending})` : 'Upload All'}
          </Button>
        </Box>
      </Card>

      <UploadTestimonials />
    </>
  );
}
