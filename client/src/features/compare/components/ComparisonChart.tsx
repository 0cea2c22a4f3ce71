import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import { Hint } from '../../../shared/components/Hint';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { coverageLine, type AlignedStretch, type Comparison } from '@preflight/shared';
import { lazy, Suspense, useMemo } from 'react';
import { formatTimestamp } from '../../../shared/reports';
import { brand } from '../../../theme';
import { comparisonChartData } from '../lib/chartData';
import { COMPARE_CHART_HEIGHT, CUT_STYLE, STRETCH_STYLE } from './compareStyle';

const ComparisonLineChart = lazy(() => import('./ComparisonLineChart'));

const span = (s: AlignedStretch) => {
  const where = (start: number | null, end: number | null, cut: string) => (start === null || end === null ? null : `${cut} ${formatTimestamp(start)}–${formatTimestamp(end)}`);
  return [where(s.a_start_s, s.a_end_s, 'A'), where(s.b_start_s, s.b_end_s, 'B')].filter(Boolean).join(' · ');
};

/** Which stretches of the aligned timeline are in both cuts, only in A, only in B; a legend says which is which. */
function AlignmentStrip({ stretches }: { stretches: AlignedStretch[] }) {
  const total = stretches[stretches.length - 1]?.aligned_end_s ?? 0;
  if (!total) return null;
  return (
    <Box sx={{ mt: 1, pl: '44px', pr: '24px' }}>
      <Box role="list" aria-label="Aligned timeline" sx={{ display: 'flex', height: 12, borderRadius: 1, overflow: 'hidden' }}>
        {stretches.map((s) => (
          <Hint key={`${s.kind}-${s.aligned_start_s}`} title={`${STRETCH_STYLE[s.kind].label}: ${span(s)}`}>
            <Box
              role="listitem"
              aria-label={`${STRETCH_STYLE[s.kind].label}: ${span(s)}`}
              sx={{ flex: `${Math.max(s.aligned_end_s - s.aligned_start_s, 0.01)} 0 0`, bgcolor: STRETCH_STYLE[s.kind].color, borderRight: `1px solid ${brand.ink}` }}
            />
          </Hint>
        ))}
      </Box>
    </Box>
  );
}

function Legend({ comparison }: { comparison: Comparison }) {
  const kinds = new Set(comparison.alignment.stretches.map((s) => s.kind));
  const line = (cut: 'a' | 'b') => (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <svg width="28" height="8" aria-hidden>
        <line x1="0" y1="4" x2="28" y2="4" stroke={CUT_STYLE[cut].color} strokeWidth="3" strokeDasharray={CUT_STYLE[cut].dash} />
      </svg>
      Cut {CUT_STYLE[cut].name}: {comparison[cut].filename}
    </Box>
  );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 2.5 }, mt: 1.5, typography: 'body2', color: 'text.secondary', '& > *': { minWidth: 0, overflowWrap: 'anywhere' } }}>
      {line('a')}
      {line('b')}
      {(['removed', 'added'] as const)
        .filter((k) => kinds.has(k))
        .map((k) => (
          <Box key={k} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
            <Box aria-hidden sx={{ width: 14, height: 10, borderRadius: 0.5, bgcolor: STRETCH_STYLE[k].color }} />
            {STRETCH_STYLE[k].label}
          </Box>
        ))}
    </Box>
  );
}

/** Both predicted retention curves on the aligned timeline, the alignment strip under them and the legend. */
export function ComparisonChart({ comparison }: { comparison: Comparison }) {
  const data = useMemo(() => comparisonChartData(comparison), [comparison]);
  return (
    <Card component="section" aria-labelledby="compare-retention-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography id="compare-retention-title" variant="h6" component="h2">
            Predicted retention, aligned by content
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {comparison.alignment.same_video
              ? 'The same moment of the video sits at the same place for both cuts; a line breaks where that cut lacks the content.'
              : 'These cuts do not share enough content to align; each curve runs on its own time.'}
          </Typography>
        </Box>
        <Chip size="small" label="Predicted · not measured" variant="outlined" sx={{ borderColor: alpha(brand.cyan, 0.4), color: 'secondary.main' }} />
      </Box>
      <Box data-testid="comparison-chart" sx={{ mx: { xs: -1, md: 0 }, mt: 1 }}>
        <Suspense fallback={<Box sx={{ height: COMPARE_CHART_HEIGHT }} />}>
          <ComparisonLineChart data={data} />
        </Suspense>
        {comparison.alignment.same_video && <AlignmentStrip stretches={comparison.alignment.stretches} />}
      </Box>
      <Legend comparison={comparison} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
        {comparison.alignment.method}. {coverageLine(comparison.alignment)}
      </Typography>
    </Card>
  );
}
