import CloseRounded from '@mui/icons-material/CloseRounded';
import TrendingDownRounded from '@mui/icons-material/TrendingDownRounded';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { Hint } from '../../../shared/components/Hint';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { alpha, type Theme } from '@mui/material/styles';
import { brand, riskColor } from '../../../theme';
import { CATEGORY_META, riskLevel } from '../../../shared/reports';
import { usePreventionInsights } from '../api/usePreventionInsights';
import { usePreventionMetrics } from '../api/usePreventionMetrics';
import { formatPounds, formatWatchGain } from '../lib/dashboardStats';

const pct = (v: number | null) => (v === null ? '—' : `${v}%`);
const colorOfRisk = (risk: number) => riskColor[riskLevel(risk)];

function Metric({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 2.5, border: `1px solid ${brand.line}`, bgcolor: alpha(brand.surfaceRaised, 0.6) }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 800, fontSize: '1.3rem' }}>{value}</Typography>
    </Box>
  );
}

/** Growth Insights: averages over the creator's analyses, most frequent issue categories, risk trend, advice. */
/**
 * `minutesPer1000Views`: the predicted gain if every fix is applied, in watch time (the dashboard's Growth Potential,
 * the report's rule); the £ reading is an illustrative assumption, not earnings, and stays in the hint.
 */
export function GrowthInsightsDialog({ open, onClose, minutesPer1000Views }: { open: boolean; onClose: () => void; minutesPer1000Views: number | null }) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const metrics = usePreventionMetrics(open);
  const insights = usePreventionInsights(open);
  const loading = metrics.isPending || insights.isPending;
  const failed = metrics.isError || insights.isError;
  const m = metrics.data;
  const i = insights.data;
  const maxCategory = Math.max(1, ...(i?.topCategories.map((c) => c.count) ?? [1]));

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={fullScreen} aria-labelledby="growth-insights-title">
      <DialogTitle id="growth-insights-title" sx={{ pr: 6 }}>
        Growth Insights
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        {open && loading && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress />
          </Box>
        )}
        {failed && <Alert severity="error">Failed to load insights. Please try again.</Alert>}
        {m && i && !failed && (
          <>
            {m.reportsAnalyzed === 0 ? (
              <Typography color="text.secondary">Insights appear once your first analysis is complete.</Typography>
            ) : (
              <>
                <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, mb: 3 }}>
                  <Metric label="Videos analysed" value={String(m.reportsAnalyzed)} />
                  <Metric label="Avg viral risk" value={m.averageViralRisk === null ? '—' : `${m.averageViralRisk}/100`} />
                  <Metric label="Avg drop-off" value={pct(m.averageDropOffRate)} />
                  <Metric label="Avg watch-time loss" value={pct(m.averageWatchTimeLoss)} />
                  <Metric label="Issues found" value={String(m.totalIssues)} />
                  <Metric label="Growth potential" value={formatWatchGain(minutesPer1000Views)} />
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 3 }} title={`At an illustrative rate: ${formatPounds(m.totalPreventionROI)} per 10,000 views of each video, not earnings.`}>
                  Growth potential: more minutes watched per 1,000 views of each video if every fix is applied (predicted, not measured).
                </Typography>

                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                  Most frequent issues
                </Typography>
                {i.topCategories.length === 0 ? (
                  <Typography color="text.secondary" sx={{ mb: 3 }}>
                    No issues found so far.
                  </Typography>
                ) : (
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3, display: 'grid', gap: 1.25 }}>
                    {i.topCategories.map(({ category, count }) => {
                      const { label, Icon } = CATEGORY_META[category];
                      return (
                        <Box component="li" key={category} sx={{ display: 'grid', gridTemplateColumns: '24px 110px 1fr 32px', alignItems: 'center', gap: 1 }}>
                          <Icon fontSize="small" sx={{ color: 'primary.main' }} />
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {label}
                          </Typography>
                          <LinearProgress variant="determinate" value={(count / maxCategory) * 100} sx={{ height: 8, borderRadius: 4 }} aria-label={`${label} issues`} />
                          <Typography variant="body2" sx={{ textAlign: 'right' }}>
                            {count}
                          </Typography>
                        </Box>
                      );
                    })}
                  </Box>
                )}

                <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 1 }}>
                  <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                    Viral risk over time
                  </Typography>
                  {i.riskChange !== null && (
                    <Typography variant="body2" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: i.riskChange <= 0 ? 'success.main' : 'error.main' }}>
                      {i.riskChange <= 0 ? <TrendingDownRounded fontSize="small" /> : <TrendingUpRounded fontSize="small" />}
                      {i.riskChange > 0 ? '+' : ''}
                      {i.riskChange} vs your earlier videos
                    </Typography>
                  )}
                </Box>
                <Box data-testid="risk-trend" sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.75, height: 96, p: 1.5, borderRadius: 2.5, border: `1px solid ${brand.line}`, mb: 3 }}>
                  {i.riskTrend.map((point) => (
                    <Hint key={point.reportId} title={`${point.filename}: risk ${point.viralRiskScore}/100`}>
                      <Box
                        aria-label={`${point.filename}: risk ${point.viralRiskScore}`}
                        sx={{ flex: 1, maxWidth: 36, minHeight: 4, height: `${Math.max(4, point.viralRiskScore)}%`, borderRadius: 1, bgcolor: colorOfRisk(point.viralRiskScore) }}
                      />
                    </Hint>
                  ))}
                </Box>

                {i.recommendations.length > 0 && (
                  <>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
                      What to work on
                    </Typography>
                    <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.75 }}>
                      {i.recommendations.map((r) => (
                        <Typography component="li" key={r} variant="body2">
                          {r}
                        </Typography>
                      ))}
                    </Box>
                  </>
                )}
              </>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
