import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useDeferredValue } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAuth } from '../../../shared/auth';
import { ShareReportButton } from '../../../shared/share/components/ShareReportButton';
import { CompareButton } from '../../../shared/compare/components/CompareButton';
import { COMPARE_TITLE } from '../../../shared/compare/components/CompareDialog';
import { FeedbackStylePicker } from '../../../shared/components/FeedbackStylePicker';
import { PlatformPicker } from '../../../shared/components/PlatformPicker';
import { FEEDBACK_STYLE_META, isFeedbackStyle, PLATFORM_CHOICE_META, type FeedbackStyle, type PlatformChoice } from '@preflight/shared';
import { useAnalyzePrevention } from '../api/useAnalyzePrevention';
import { useReportData } from '../api/useReportData';
import { useSampleReportId } from '../api/useSampleReportId';
import { AnalysisCta } from '../components/AnalysisCta';
import { AnalysisReport } from '../components/AnalysisReport';
import { MeasuredRetentionControl } from '../components/MeasuredRetentionControl';
import { useMeasuredRetention } from '../api/useMeasuredRetention';
import { ReportHeading } from '../components/ReportHeading';
import { PdfReportCard } from '../../../shared/pdf';
import { EditorMarkersLine } from '../components/EditorMarkersLine';
import { ExportMarkersButton } from '../components/ExportMarkersButton';
import { ExportEditButton } from '../components/ExportEditButton';
import { useReportEdit } from '../api/useReportEdit';
import { useEditDraft } from '../api/useEditDraft';
import { AfterFirstPaint } from '../../../shared/components/AfterFirstPaint';

export const ANALYSIS_LOAD_FAILED = 'Failed to load analysis data';

const BackButton = () => (
  <Button component={RouterLink} to="/dashboard" color="inherit" startIcon={<ArrowBackRounded />} sx={{ mb: 2, color: 'text.secondary' }}>
    Back to Dashboard
  </Button>
);

function NotFound() {
  return (
    <Card sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <SearchOffRounded sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} />
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        Analysis Not Found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {ANALYSIS_LOAD_FAILED}. It may still be processing, or it belongs to another account.
      </Typography>
      <Button component={RouterLink} to="/dashboard" variant="contained" startIcon={<ArrowBackRounded />}>
        Back to Dashboard
      </Button>
    </Card>
  );
}

export function AnalysisPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { state } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const sample = useSampleReportId(!id);
  const reportId = id ?? sample.data ?? null;
  const data = useReportData(reportId);
  // Only the owner's own report has a measured curve (the sample report has none).
  const measured = useMeasuredRetention(id ?? null);
  const reanalyze = useAnalyzePrevention(id);
  // The proposed edit is the owner's (the sample report has none to change).
  const reportEdit = useReportEdit(id ?? null);
  const edit = useEditDraft(id ?? null, reportEdit.data);
  // The report renders as a transition when it arrives (in slices, not one long task that blocks input).
  const view = useDeferredValue(data.data ?? null);

  const notFound = data.isError || sample.isError || (!id && sample.isSuccess && !sample.data);
  if (notFound) {
    return (
      <>
        <BackButton />
        <NotFound />
      </>
    );
  }
  if (!view) {
    return (
      <>
        <BackButton />
        <Box role="status" sx={{ py: 10, display: 'flex', gap: 1.5, justifyContent: 'center', alignItems: 'center', color: 'text.secondary' }}>
          <CircularProgress size={22} /> Loading analysis data...
        </Box>
      </>
    );
  }

  const style = isFeedbackStyle(view.feedbackStyle) ? view.feedbackStyle : 'balanced';
  const changeStyle = (next: FeedbackStyle) => {
    if (next === style) return;
    reanalyze.mutate({ feedbackStyle: next }, {
      onSuccess: () => enqueueSnackbar(`Re-analysed with ${FEEDBACK_STYLE_META[next].label.toLowerCase()} feedback`, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(error.message || ANALYSIS_LOAD_FAILED, { variant: 'error' }),
    });
  };
  const platform: PlatformChoice = view.preset ? view.preset.requested : 'auto';
  const changePlatform = (next: PlatformChoice) => {
    if (next === platform && view.preset) return;
    reanalyze.mutate({ platform: next }, {
      onSuccess: () => enqueueSnackbar(`Re-checked for ${PLATFORM_CHOICE_META[next].label}`, { variant: 'success' }),
      onError: (error) => enqueueSnackbar(error.message || ANALYSIS_LOAD_FAILED, { variant: 'error' }),
    });
  };
  const pendingPlatform = reanalyze.isPending ? reanalyze.variables?.platform : undefined;
  const pendingStyle = reanalyze.isPending ? reanalyze.variables?.feedbackStyle : undefined;

  return (
    <>
      <BackButton />
      <ReportHeading
        view={view}
        overline={id ? 'Optimization Analysis' : 'Sample report'}
        actions={
          id && (
            <>
              <Box sx={{ flex: { xs: '1 1 100%', md: '0 1 320px' } }}>
                <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, fontWeight: 600 }}>
                  Feedback style {reanalyze.isPending && <CircularProgress size={12} />}
                </Typography>
                <FeedbackStylePicker value={pendingStyle ?? style} onChange={changeStyle} disabled={reanalyze.isPending} showHints={false} size="small" />
              </Box>
              <ShareReportButton reportId={id} label="Share" />
              <ExportMarkersButton reportId={id} filename={view.filename} durationSeconds={view.durationSeconds} />
              {edit && edit.edit.cuts.length > 0 && <ExportEditButton reportId={id} />}
              <CompareButton report={{ id, filename: view.filename, created_at: view.generatedAt }} label={COMPARE_TITLE} />
            </>
          )
        }
      />
      <AnalysisReport
        view={view}
        canViewFrames={state.status === 'signedIn'}
        measured={measured.data?.measured?.comparison}
        measuredControl={id && <MeasuredRetentionControl reportId={id} hasMeasured={!!measured.data?.measured} />}
        audience="creator"
        edit={edit}
        platformControl={
          id && (
            <PlatformPicker
              label="Re-check for"
              size="small"
              value={pendingPlatform ?? platform}
              onChange={changePlatform}
              disabled={reanalyze.isPending}
            />
          )
        }
      />
      <AfterFirstPaint>
        {reportId && <PdfReportCard reportId={reportId} filename={view.filename} also={id && <EditorMarkersLine reportId={id} filename={view.filename} durationSeconds={view.durationSeconds} />} />}
        {reportId && <AnalysisCta reportId={reportId} filename={view.filename} />}
      </AfterFirstPaint>
    </>
  );
}
