import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { brand } from '../../../theme';
import type { AnalysisView } from '../lib/reportView';
import { RISK_COLOR } from './severity';

function Kpi({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 2.5, bgcolor: alpha('#ffffff', 0.03), border: `1px solid ${brand.line}` }}>
      <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 800, fontSize: '1.35rem', lineHeight: 1.2 }}>{value}</Typography>
      {hint && (
        <Typography variant="caption" color="text.secondary">
          {hint}
        </Typography>
      )}
    </Box>
  );
}

/** The score up top: optimization score ring, its label, the summary and the key predictions. */
export function ScoreHero({ view }: { view: AnalysisView }) {
  const color = RISK_COLOR[view.riskLevel];
  const urgent = view.issues.filter((i) => i.severity === 'high').length;
  return (
    <Card component="section" aria-label="Optimization score" sx={{ p: { xs: 2.5, md: 3.5 }, background: `linear-gradient(135deg, ${alpha(color, 0.1)}, transparent 60%)` }}>
      <Box sx={{ display: 'grid', gap: { xs: 2.5, md: 4 }, gridTemplateColumns: { xs: '1fr', md: 'auto 1fr' }, alignItems: 'center' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5 }}>
          <Box sx={{ position: 'relative', width: { xs: 104, md: 132 }, height: { xs: 104, md: 132 }, flexShrink: 0 }}>
            <CircularProgress variant="determinate" value={100} size="100%" thickness={4} sx={{ color: alpha('#ffffff', 0.08), position: 'absolute' }} />
            <CircularProgress variant="determinate" value={view.score} size="100%" thickness={4} sx={{ color, position: 'absolute', '& circle': { strokeLinecap: 'round' } }} aria-label="Optimization score" />
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
              <Box>
                <Typography data-testid="optimization-score" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.6rem' }, lineHeight: 1 }}>
                  {Math.round(view.score)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  / 100
                </Typography>
              </Box>
            </Box>
          </Box>
          <Box sx={{ display: { xs: 'block', md: 'none' } }}>
            <Typography variant="overline" color="text.secondary">
              Optimization score
            </Typography>
            <Typography variant="h5" component="p" sx={{ color }}>
              {view.optimizationLabel}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <Typography variant="overline" color="text.secondary">
              Optimization score
            </Typography>
            <Typography variant="h4" component="p" sx={{ color, mb: 0.5 }}>
              {view.optimizationLabel}
            </Typography>
          </Box>
          {view.summary && <Typography sx={{ mb: 2, color: 'text.secondary' }}>{view.summary}</Typography>}
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
            <Kpi label="Viral risk" value={<Box component="span" sx={{ color }}>{view.viralRisk}/100</Box>} hint={`${view.riskLevel} risk`} />
            <Kpi label="Predicted drop-off" value={view.dropOffRate === null ? '—' : `${view.dropOffRate}%`} hint="gone by the end" />
            <Kpi label="Hook hold" value={view.hookHold === null ? '—' : `${Math.round(view.hookHold)}%`} hint="stay past the hook" />
            <Kpi label="High-priority fixes" value={urgent} hint={`${view.issues.length} issues in total`} />
          </Box>
        </Box>
      </Box>
    </Card>
  );
}
