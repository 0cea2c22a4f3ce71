import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReportView } from '@preflight/shared';
import { RISK_COLOR } from './severity';
import { brand } from '../../../theme';

function Bar({ label, value, color, suffix = '%' }: { label: string; value: number; color: string; suffix?: string }) {
  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {`${value}${suffix}`}
        </Typography>
      </Box>
      <LinearProgress variant="determinate" value={value} aria-label={label} sx={{ height: 8, borderRadius: 4, '& .MuiLinearProgress-bar': { bgcolor: color } }} />
    </Box>
  );
}

/** Optimization Breakdown (the prevention panel): viral risk, predicted drop-off, watch-time loss and the ROI of the fixes. */
export function PreventionPanel({ view }: { view: ReportView }) {
  const riskColor = RISK_COLOR[view.score.riskLevel];
  const { money } = view;
  return (
    <Card component="section" aria-labelledby="breakdown-title" sx={{ p: { xs: 2, md: 3 }, height: '100%' }}>
      <Typography id="breakdown-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        Optimization Breakdown
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, mb: 3 }}>
        <Bar label="Viral risk" value={view.score.viralRisk} suffix="/100" color={riskColor} />
        <Bar label="Predicted drop-off" value={view.figures.dropOffRate} color={brand.warning} />
        <Bar label="Predicted watch-time loss" value={view.figures.watchTimeLoss} color={brand.info} />
      </Box>
      <Box data-testid="growth-potential">
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          What the fixes are predicted to bring
        </Typography>
        <Typography data-testid="growth-headline" sx={{ fontWeight: 800, fontSize: '1.8rem', color: 'success.main' }}>
          {money.gain.headline}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="growth-detail">
          {money.gain.detail}
        </Typography>
        {money.assumptions.length > 0 && (
          <Box component="details" sx={{ '& summary': { cursor: 'pointer', color: 'text.secondary', fontSize: '0.85rem', display: 'flex', alignItems: 'center', gap: 0.5 } }}>
            <Box component="summary">
              <InfoOutlined sx={{ fontSize: 16 }} /> What this assumes
            </Box>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
              If every issue is fixed; predicted, not measured. {money.gain.moneyNote}
            </Typography>
            <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, display: 'grid', gap: 0.5 }}>
              {money.assumptions.map((a) => (
                <Typography component="li" key={a} variant="caption" color="text.secondary">
                  {a}
                </Typography>
              ))}
            </Box>
          </Box>
        )}
      </Box>
    </Card>
  );
}
