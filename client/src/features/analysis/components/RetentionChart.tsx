import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { lazy, Suspense, type ReactNode } from 'react';
import { WhenNearViewport } from '../../../shared/components/WhenNearViewport';
import { brand } from '../../../theme';
import type { ReportView, RetentionComparison } from '@preflight/shared';

import { CHART_HEIGHT, CONFIRMED, DROP, MEASURED } from './retentionChartStyle';
import { SoundBand } from './SoundBand';
import type { EditPanelState } from '../api/useEditDraft';
import { afterCurveOnAxis } from '../lib/proposedEdit';

const RetentionLineChart = lazy(() => import('./RetentionLineChart'));

/**
 * The predicted retention curve with the predicted drop-offs marked, and the measured sound over time in a band under
 * it; clicking a moment jumps the frame viewer there. With the creator's measured retention (`measured`), both curves
 * share the chart, each drop-off says whether the measured curve confirms it, and the error is said in words.
 */
export function RetentionChart({
  curve,
  calibration,
  dropOffs,
  audio,
  measured,
  control,
  onSeek,
  edit,
}: {
  curve: ReportView['curve'];
  calibration: ReportView['calibration'];
  dropOffs: ReportView['dropOffs'];
  audio: ReportView['audio'];
  measured?: RetentionComparison | null;
  /** The owner's "Add measured retention" (absent on shared pages). */
  control?: ReactNode;
  onSeek: (seconds: number) => void;
  /** The proposed edit: its after-curve drawn with the prediction, its enabled cuts shaded. */
  edit?: EditPanelState | null;
}) {
  const xs = curve.points.map((p) => p.t);
  const ys = curve.points.map((p) => p.retention);
  const nearest = (s: number) => xs.reduce((best, t, i) => (Math.abs(t - s) < Math.abs(xs[best]! - s) ? i : best), 0);
  const marks: (number | null)[] = ys.map(() => null);
  for (const d of dropOffs) if (xs.length) marks[nearest(d.seconds)] = ys[nearest(d.seconds)]!;
  // The comparison is one point per predicted second, so it lines up with xs; a report re-derived since may differ.
  const measuredYs = measured && measured.points.length === xs.length ? measured.points.map((p) => p.measured_pct) : undefined;
  const after = edit && edit.edit.after_curve.length > 1 && edit.edit.cuts.some((c) => c.enabled) ? afterCurveOnAxis(xs, edit.edit.after_curve) : undefined;
  const cutRanges = edit?.cuts.filter((c) => c.enabled).map((c) => ({ start: c.start_seconds, end: c.end_seconds }));
  const confirmed = new Map((measured?.drop_offs ?? []).map((d) => [d.time_s, d.confirmed]));

  return (
    <Card component="section" aria-labelledby="retention-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Typography id="retention-title" variant="h6" component="h2">
            {measured ? 'Predicted and measured retention' : 'Predicted retention'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {curve.label}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="calibration-note">
            {calibration.note}
          </Typography>
        </Box>
        <Chip
          size="small"
          label={measured ? 'Predicted · measured' : 'Predicted · not measured'}
          variant="outlined"
          sx={{ borderColor: alpha(brand.cyan, 0.4), color: 'secondary.main' }}
        />
      </Box>
      {measured && (
        <Typography variant="body2" sx={{ mt: 1.5, pl: 1.5, borderLeft: `3px solid ${MEASURED}` }} data-testid="measured-summary">
          {measured.summary}
        </Typography>
      )}
      {xs.length < 2 ? (
        <Typography color="text.secondary" sx={{ py: 4 }}>
          No retention prediction in this report.
        </Typography>
      ) : (
        <Box data-testid="retention-chart" sx={{ mx: { xs: -1, md: 0 } }}>
          {/* The chart library is the biggest part of the report page, and drawing the chart its longest task: it loads
              and draws when the chart comes into view, into reserved space. */}
          <WhenNearViewport placeholder={<Box sx={{ height: CHART_HEIGHT }} />}>
            <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>
              <RetentionLineChart xs={xs} ys={ys} marks={marks} dropOffs={dropOffs} measured={measuredYs} after={after} cutRanges={cutRanges} onSeek={onSeek} />
            </Suspense>
          </WhenNearViewport>
          <SoundBand audio={audio} />
        </Box>
      )}
      {dropOffs.length > 0 ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 1.5 }}>
          {dropOffs.map((d) => {
            const check = confirmed.get(d.seconds);
            const color = check ? CONFIRMED : DROP;
            return (
              <Chip
                key={d.seconds}
                clickable
                onClick={() => onSeek(d.seconds)}
                label={check === undefined ? d.label : `${d.label} · ${check ? 'confirmed by the measured curve' : 'not seen in the measured curve'}`}
                // The whole cause wraps instead of being cut: it often contains a time range such as (0:09-0:16).
                sx={{ bgcolor: alpha(color, 0.12), color, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
              />
            );
          })}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          No sharp predicted drop-off.
        </Typography>
      )}
      {control}
    </Card>
  );
}
