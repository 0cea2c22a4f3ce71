import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { formatPounds } from '../../dashboard/lib/dashboardStats';
import type { AnalysisView } from '../lib/reportView';
import { RISK_COLOR } from './severity';

function Bar({ label, value, color, suffix = '%' }: { label: string; value: number | null; color: string; suffix?: string }) {
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {value === null ? '—' : `${value}${suffix}`}
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={value ?? 0} aria-label={label} sx={{ height: 8, borderRadius: 4, '& .MuiLinearProgress-bar': { bgcolor: color } }} />
    </Box>
  );
}

/** Optimization Breakdown (the prevention panel): viral risk, predicted drop-off, watch-time loss and the ROI of the fixes. */
export function PreventionPanel({ view }: { view: AnalysisView }) {
  const riskColor = RISK_COLOR[view.riskLevel];
  return (
    <Card component="section" aria-labelledby="breakdown-title" sx={{ p: { xs: 2, md: 3 }, height: '100%' }}>
      <Typography id="breakdown-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Optimization Breakdown
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
        <Bar label="Viral risk" value={view.viralRisk} suffix="/100" color={riskColor} />
        <Bar label="Predicted drop-off" value={view.dropOffRate} color="#fbbf24" />
        <Bar label="Predicted watch-time loss" value={view.watchTimeLoss} color="#60a5fa" />
      </Box>
      {view.roi && (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            Growth potential of the fixes
          </Typography>
          <Typography sx={{ fontWeight: 800, fontSize: '1.8rem', color: 'success.main' }}>{formatPounds(view.roi.total)}</Typography>
          {view.roi.baselineWatch !== null && view.roi.improvedWatch !== null && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              Average watch {view.roi.baselineWatch.toFixed(1)} s → {view.roi.improvedWatch.toFixed(1)} s
              {view.roi.gainPercent !== null ? ` (+${view.roi.gainPercent}%)` : ''}
            </Typography>
          )}
          {view.roi.assumptions.length > 0 && (
            <Box component="details" sx={{ '& summary': { cursor: 'pointer', color: 'text.secondary', fontSize: '0.85rem', display: 'flex', alignItems: 'center', gap: 0.5 } }}>
              <Box component="summary">
                <InfoOutlined sx={{ fontSize: 16 }} /> How this is estimated
              </Box>
              <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, display: 'grid', gap: 0.5 }}>
                {view.roi.assumptions.map((a) => (
                  <Typography component="li" key={a} variant="caption" color="text.secondary">
                    {a}
                  </Typography>
                ))}
              </Box>
            </Box>
          )}
        </Box>
      )}
    </Card>
  );
}
