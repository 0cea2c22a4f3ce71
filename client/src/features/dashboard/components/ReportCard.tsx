import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import MovieRounded from '@mui/icons-material/MovieRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinkRounded from '@mui/icons-material/LinkRounded';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import { Link as RouterLink, useNavigate } from 'react-router';
import { brand, riskColor } from '../../../theme';
import { formatDateTime, isCompletedStatus, isProcessingStatus, optimizationLabelFromRisk, optimizationScore, reportStatusDisplay, riskLevel, riskScoreOrDefault } from '../../../shared/reports';
import { PdfDownloadButton } from '../../../shared/pdf';
import { ShareReportButton } from '../../../shared/share/components/ShareReportButton';
import { PLATFORM_CHOICE_META, STAGE_TEXT, type ProcessingStep } from '@preflight/shared';
import type { DashboardReport } from '../api/useDashboardReports';
import { CompareButton } from '../../../shared/compare/components/CompareButton';
import { etaText, phaseDetail } from '../../../shared/reports/progressText';

/**
 * PDF, Share and Compare below View on a phone: they share a row, each at least as wide as its icon and label (MUI's
 * 64 px minimum once let a 91 px share of a 360 px row squeeze "Share Report" until its icon spilled out); one that
 * does not fit wraps to the next row.
 */
const SMALL_ACTION = { flex: { xs: '1 1 auto', sm: 'none' }, minWidth: 'max-content' } as const;

const scoreColor = (risk: number) => riskColor[riskLevel(risk)];

/** One analysis on the dashboard. Completed/ready cards open /analysis?id={id}. */
export function ReportCard({ report }: { report: DashboardReport }) {
  const navigate = useNavigate();
  const completed = isCompletedStatus(report.status);
  const processing = isProcessingStatus(report.status);
  const status = reportStatusDisplay(report.status);
  const filename = report.originalFilename || `${report.id}.mp4`;
  const href = `/analysis?id=${encodeURIComponent(report.id)}`;
  // Inline beside the title from md up; below that under the card: View on its own row, PDF, Share and Compare below it.
  const actions = (sx: SxProps<Theme>) => (
    <Box sx={{ gap: 1, flexShrink: 0, flexWrap: { xs: 'wrap', md: 'nowrap' }, '& > *': { whiteSpace: 'nowrap' }, ...sx } as SxProps<Theme>}>
      <Button
        component={RouterLink}
        to={href}
        onClick={(e) => e.stopPropagation()}
        variant="outlined"
        size="small"
        endIcon={<ArrowForwardRounded />}
        sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}
      >
        View Optimization Analysis
      </Button>
      <PdfDownloadButton reportId={report.id} filename={filename} aria-label={`Download PDF report of ${filename}`} sx={SMALL_ACTION} />
      <ShareReportButton reportId={report.id} sx={SMALL_ACTION} />
      <CompareButton
        report={{ id: report.id, filename, created_at: report.created_at }}
        aria-label={`Compare ${filename} with another version`}
        sx={SMALL_ACTION}
      />
    </Box>
  );
  const risk = riskScoreOrDefault(report.viralRiskScore);
  const score = optimizationScore(report.viralRiskScore);
  // What the analysis is doing (decoding 42 %…) when the server says, else the stage's text; and the time left.
  const stage = phaseDetail(report) ?? STAGE_TEXT[report.currentStep as ProcessingStep] ?? '';
  const timeLeft = etaText(report.eta);

  return (
    <Card
      component="article"
      data-testid="report-card"
      aria-label={filename}
      // In-app navigation: nothing waits for it.
      onClick={completed ? () => void navigate(href) : undefined}
      sx={{
        p: { xs: 2, md: 2.5 },
        cursor: completed ? 'pointer' : 'default',
        transition: 'border-color .15s, transform .15s',
        '&:hover': completed ? { borderColor: alpha(brand.violet, 0.5), transform: 'translateY(-1px)' } : undefined,
      }}
    >
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Box
          aria-hidden
          sx={{
            width: 56,
            height: 56,
            flexShrink: 0,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            bgcolor: completed ? alpha(scoreColor(risk), 0.12) : alpha(brand.violet, 0.1),
            border: `1px solid ${completed ? alpha(scoreColor(risk), 0.35) : brand.line}`,
          }}
        >
          {completed ? (
            <Typography sx={{ fontWeight: 800, fontSize: '1.25rem', color: scoreColor(risk) }}>{Math.round(score)}</Typography>
          ) : report.status === 'error' ? (
            <ErrorOutlineRounded color="error" />
          ) : processing ? (
            <CircularProgress size={24} />
          ) : (
            <MovieRounded color="disabled" />
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" noWrap title={filename} sx={{ fontWeight: 700, minWidth: 0, maxWidth: '100%' }}>
              {filename}
            </Typography>
            <Chip size="small" label={status.label} color={status.color} variant={status.color === 'default' ? 'outlined' : 'filled'} sx={{ height: 22 }} />
            {report.platform && report.platform !== 'auto' && (
              <Chip size="small" label={PLATFORM_CHOICE_META[report.platform].label} variant="outlined" sx={{ height: 22 }} />
            )}
            {/* Which reports a client can open right now (issue 28): managed in the Share dialog. */}
            {report.liveShareLinks > 0 && (
              <Chip
                size="small"
                data-testid="live-share-chip"
                icon={<LinkRounded sx={{ fontSize: 14 }} />}
                label={report.liveShareLinks === 1 ? 'Shared' : `Shared · ${report.liveShareLinks} links`}
                aria-label={`${report.liveShareLinks} live share ${report.liveShareLinks === 1 ? 'link' : 'links'}`}
                color="secondary"
                variant="outlined"
                sx={{ height: 22 }}
              />
            )}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {completed && (
              <Box component="span" sx={{ color: scoreColor(risk), fontWeight: 600 }}>
                {optimizationLabelFromRisk(report.viralRiskScore)} ·{' '}
              </Box>
            )}
            {formatDateTime(report.created_at)}
          </Typography>
        </Box>
        {completed && actions({ display: { xs: 'none', md: 'flex' } })}
      </Box>
      {processing && (
        <Box sx={{ mt: 2 }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 0.75 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Analyzing...
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {Math.round(report.progress ?? 0)}%{timeLeft ? ` · ${timeLeft}` : ''}
            </Typography>
          </Box>
          <LinearProgress variant="determinate" value={report.progress ?? 0} sx={{ height: 6, borderRadius: 3 }} aria-label={`Analysis progress of ${filename}`} />
          {stage && (
            <Typography variant="caption" color="text.secondary" data-testid="report-card-phase" sx={{ display: 'block', mt: 0.75 }}>
              {stage}
            </Typography>
          )}
        </Box>
      )}
      {report.status === 'error' && (
        <Typography variant="body2" color="error" sx={{ mt: 1.5 }}>
          {report.error || 'The analysis failed.'}
        </Typography>
      )}
      {completed && actions({ display: { xs: 'flex', md: 'none' }, mt: 2 })}
    </Card>
  );
}
