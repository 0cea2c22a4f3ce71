import AddRounded from '@mui/icons-material/AddRounded';
import AutoGraphRounded from '@mui/icons-material/AutoGraphRounded';
import InsightsRounded from '@mui/icons-material/InsightsRounded';
import PaymentsRounded from '@mui/icons-material/PaymentsRounded';
import SpeedRounded from '@mui/icons-material/SpeedRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import TrendingDownRounded from '@mui/icons-material/TrendingDownRounded';
import BuildRounded from '@mui/icons-material/BuildRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useSnackbar } from 'notistack';
import { useDeferredValue, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../../shared/auth';
import { displayNameOf } from '../../../shared/auth';
import { brand } from '../../../theme';
import { countOptimized, overallOptimizationLevel, sumIssues } from '../../../shared/reports';
import { useDashboardReports } from '../api/useDashboardReports';
import { EmptyState } from '../components/EmptyState';
import { GrowthInsightsDialog } from '../components/GrowthInsightsDialog';
import { PrivacyPromise } from '../components/PrivacyPromise';
import { ReportCard } from '../components/ReportCard';
import { StatCard } from '../../../shared/components/StatCard';
import { extraStats, formatPounds, formatWatchGain } from '../lib/dashboardStats';


export const DASHBOARD_TAGLINE = 'The only way to test videos before posting';
export const LOAD_FAILED_TOAST = 'Failed to load reports. Please refresh the page to try again.';

export function DashboardPage() {
  const { state } = useAuth();
  const name = state.status === 'signedIn' ? displayNameOf(state.user) : 'Creator';
  const { enqueueSnackbar } = useSnackbar();
  const [insightsOpen, setInsightsOpen] = useState(false);
  const query = useDashboardReports();
  // The list renders as a transition when it arrives (in slices, not one long task that blocks input).
  const data = useDeferredValue(query.data);
  const reports = query.isError ? [] : (data?.reports ?? []);
  const extra = extraStats(reports);

  useEffect(() => {
    if (query.isError) enqueueSnackbar(LOAD_FAILED_TOAST, { variant: 'error', preventDuplicate: true });
  }, [query.isError, enqueueSnackbar]);

  return (
    <>
      <Box
        component="section"
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { md: 'center' },
          justifyContent: 'space-between',
          gap: 3,
          p: { xs: 3, md: 5 },
          mb: { xs: 3, md: 4 },
          borderRadius: 5,
          border: `1px solid ${alpha(brand.violet, 0.25)}`,
          background: `linear-gradient(135deg, ${alpha(brand.violet, 0.16)}, ${alpha(brand.cyan, 0.05)} 70%)`,
        }}
      >
        <Box>
          <Typography variant="overline" color="primary">
            Dashboard
          </Typography>
          <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' }, mb: 1 }}>
            Welcome back, {name}
          </Typography>
          <Typography color="text.secondary" variant="subtitle1">
            {DASHBOARD_TAGLINE}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1.5, flexShrink: 0, flexDirection: { xs: 'column', sm: 'row' } }}>
          <Button component={RouterLink} to="/upload" variant="contained" size="large" startIcon={<AddRounded />}>
            Test My Content
          </Button>
          <Button variant="outlined" size="large" color="inherit" startIcon={<AutoGraphRounded />} onClick={() => setInsightsOpen(true)}>
            Growth Insights
          </Button>
        </Box>
      </Box>

      <Box sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' }, mb: { xs: 1.5, sm: 2 } }}>
        <StatCard label="Videos Optimized" value={countOptimized(reports)} icon={<TaskAltRounded fontSize="small" />} hint="Completed analyses" />
        <StatCard
          label="Optimization Level"
          value={overallOptimizationLevel(reports)}
          icon={<SpeedRounded fontSize="small" />}
          hint="Band of your average optimization score (100 − viral risk)"
          sx={{ gridColumn: { xs: 'span 2', sm: 'auto' }, order: { xs: -1, sm: 0 } }}
        />
        <StatCard label="Pattern Insights" value={sumIssues(reports)} icon={<InsightsRounded fontSize="small" />} hint="Issues found with evidence" />
      </Box>
      {extra && (
        <Box data-testid="extra-stats" sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', mb: 2 }}>
          <StatCard compact label="Drop Off Rate" value={`${extra.dropOffRate}%`} icon={<TrendingDownRounded fontSize="small" />} hint="Average predicted drop-off" />
          {/* The gain in the unit a creator thinks in (watch time), as the report says it; the £ reading stays an assumption. */}
          <StatCard
            compact
            label="Growth Potential"
            value={formatWatchGain(extra.minutesPer1000Views)}
            icon={<PaymentsRounded fontSize="small" />}
            hint={
              <span title={`Predicted, not measured. At an illustrative rate: ${formatPounds(extra.growthPotential)} per 10,000 views of each video, not earnings.`}>
                more watched per 1,000 views of each video, if every fix is applied
              </span>
            }
          />
          <StatCard compact label="Pattern Fixes" value={extra.patternFixes} icon={<BuildRounded fontSize="small" />} hint="Fixes ready to apply" />
        </Box>
      )}

      <Box component="section" aria-labelledby="analyses-title" sx={{ mt: { xs: 4, md: 5 } }}>
        <Typography id="analyses-title" variant="h5" component="h2" sx={{ mb: 2 }}>
          Your Content Analysis
        </Typography>
        {!data && !query.isError ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 6, justifyContent: 'center', color: 'text.secondary' }}>
            <CircularProgress size={22} /> Loading your analyses...
          </Box>
        ) : reports.length === 0 ? (
          query.isError ? null : <EmptyState />
        ) : (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            {reports.map((report) => (
              <ReportCard key={report.id} report={report} />
            ))}
          </Box>
        )}
      </Box>

      <PrivacyPromise />
      <GrowthInsightsDialog open={insightsOpen} onClose={() => setInsightsOpen(false)} minutesPer1000Views={extra?.minutesPer1000Views ?? null} />
    </>
  );
}
