import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { Hint } from '../../../shared/components/Hint';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { brand } from '../../../theme';
import type { ReportView } from '@preflight/shared';
import { RISK_COLOR } from './severity';

function Kpi({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 2.5, bgcolor: alpha(brand.white, 0.03), border: `1px solid ${brand.line}` }}>
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

/** "Optimization score" with what it measures one tap away: the band label is read from this number. */
function ScoreLabel({ caption }: { caption: string }) {
  return (
    <Hint title={caption} enterTouchDelay={0}>
      <Typography variant="overline" color="text.secondary" tabIndex={0} aria-label={`Optimization score. ${caption}`} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, cursor: 'help' }}>
        Optimization score <InfoOutlined sx={{ fontSize: 14 }} />
      </Typography>
    </Hint>
  );
}

/** The score up top: optimization score ring, its label, the summary and the key predictions. */
export function ScoreHero({ view }: { view: ReportView }) {
  const { score } = view;
  const color = RISK_COLOR[score.riskLevel];
  const urgent = view.issues.filter((i) => i.severity === 'high').length;
  return (
    <Card component="section" aria-label="Optimization score" sx={{ p: { xs: 2.5, md: 3.5 }, background: `linear-gradient(135deg, ${alpha(color, 0.1)}, transparent 60%)` }}>
      <Box sx={{ display: 'grid', gap: { xs: 2.5, md: 4 }, gridTemplateColumns: { xs: '1fr', md: 'auto 1fr' }, alignItems: 'center' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5 }}>
          <Box sx={{ position: 'relative', width: { xs: 104, md: 132 }, height: { xs: 104, md: 132 }, flexShrink: 0 }}>
            {/* The ring only draws the number beside it: hidden from assistive technology, which reads "29 / 100". */}
            <CircularProgress aria-hidden variant="determinate" value={100} size="100%" thickness={4} sx={{ color: alpha(brand.white, 0.08), position: 'absolute' }} />
            <CircularProgress aria-hidden variant="determinate" value={score.value} size="100%" thickness={4} sx={{ color, position: 'absolute', '& circle': { strokeLinecap: 'round' } }} />
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
              <Box>
                <Typography data-testid="optimization-score" sx={{ fontWeight: 800, fontSize: { xs: '2rem', md: '2.6rem' }, lineHeight: 1 }}>
                  {score.value}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  / 100
                </Typography>
              </Box>
            </Box>
          </Box>
          <Box sx={{ display: { xs: 'block', md: 'none' } }}>
            <ScoreLabel caption={score.caption} />
            <Typography variant="h5" component="p" sx={{ color }}>
              {score.label}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <ScoreLabel caption={score.caption} />
            <Typography variant="h4" component="p" sx={{ color, mb: 0.5 }}>
              {score.label}
            </Typography>
          </Box>
          {score.ifFixed && (
            <Typography data-testid="score-if-fixed" sx={{ mb: 1, fontWeight: 700, color: 'success.main' }}>
              {score.ifFixed.line}
            </Typography>
          )}
          {view.summary && <Typography sx={{ mb: 2, color: 'text.secondary' }}>{view.summary}</Typography>}
          <Box sx={{ display: 'grid', gap: 1.25, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
            <Kpi label="Viral risk" value={<Box component="span" sx={{ color }}>{score.viralRisk}/100</Box>} hint={`${score.riskLevel} risk`} />
            <Kpi label="Predicted drop-off" value={`${view.figures.dropOffRate}%`} hint="gone by the end" />
            <Kpi label="Hook hold" value={`${Math.round(view.figures.hookHold)}%`} hint="stay past the hook" />
            <Kpi label="High-priority fixes" value={urgent} hint={`${view.issues.length} issues in total`} />
          </Box>
        </Box>
      </Box>
    </Card>
  );
}
