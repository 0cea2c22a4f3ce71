import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { optimizationLabel, optimizationScore, type Severity } from '../../../shared/reports';
import { brand } from '../../../theme';

const SAMPLE_RISK = 28; // → score 72, "Almost There"

/** Predicted retention (% of viewers still watching) at even steps through a 1:30 sample video. */
const SAMPLE_RETENTION = [100, 91, 84, 80, 78, 71, 62, 60, 58, 57, 55, 49, 47, 46, 45];

const SAMPLE_ISSUES: Array<{ timestamp: string; title: string; fix: string; severity: Severity }> = [
  { timestamp: '0:02', title: 'Hook lands late', fix: 'Open on the payoff shot; move the intro after 0:05.', severity: 'high' },
  { timestamp: '0:41', title: 'Energy dip', fix: 'Cut the 6-second pause and add b-roll over the explanation.', severity: 'medium' },
  { timestamp: '1:12', title: 'Call to action buried', fix: 'Ask for the follow before the final beat, not after it.', severity: 'low' },
];

function Sparkline({ values }: { values: number[] }) {
  const w = 320;
  const h = 84;
  const step = w / (values.length - 1);
  const y = (v: number) => h - 4 - ((v - 40) / 60) * (h - 8);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${y(v).toFixed(1)}`);
  const dips = [5, 11]; // the drop-offs the issues explain
  return (
    <Box component="svg" viewBox={`0 0 ${w} ${h}`} sx={{ width: '100%', height: 'auto', display: 'block', overflow: 'visible' }} aria-hidden>
      <defs>
        <linearGradient id="teaser-fill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={brand.violet} stopOpacity="0.45" />
          <stop offset="1" stopColor={brand.violet} stopOpacity="0" />
        </linearGradient>
        <linearGradient id="teaser-line" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor={brand.violet} />
          <stop offset="1" stopColor={brand.cyan} />
        </linearGradient>
      </defs>
      <polygon points={`0,${h} ${points.join(' ')} ${w},${h}`} fill="url(#teaser-fill)" />
      <polyline points={points.join(' ')} fill="none" stroke="url(#teaser-line)" strokeWidth="2.5" strokeLinejoin="round" />
      {dips.map((i) => (
        <circle key={i} cx={i * step} cy={y(values[i]!)} r="4" fill={brand.danger} stroke={brand.ink} strokeWidth="2" />
      ))}
    </Box>
  );
}

/** A mock mini report on the landing page. Everything in it is sample data and labelled so. */
export function SampleReportTeaser() {
  const theme = useTheme();
  const score = optimizationScore(SAMPLE_RISK);
  const severityColor = { high: theme.palette.error.main, medium: theme.palette.warning.main, low: theme.palette.info.main };

  return (
    <Card
      component="figure"
      aria-label="Sample report"
      sx={{
        m: 0,
        p: { xs: 2.5, sm: 3 },
        position: 'relative',
        boxShadow: `0 30px 80px ${alpha(brand.black, 0.55)}, 0 0 0 1px ${alpha(brand.violet, 0.18)}`,
        width: '100%',
        maxWidth: { xs: 520, md: 'none' },
        justifySelf: 'center',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', mb: 2 }}>
        <Box>
          <Typography variant="overline" color="text.secondary">
            Sample report
          </Typography>
          <Typography variant="subtitle2" sx={{ fontWeight: 600 }}>
            morning-routine-v3.mp4
          </Typography>
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="h3" component="p" sx={{ lineHeight: 1 }}>
            {score}
            <Typography component="span" color="text.secondary" sx={{ fontSize: '1rem', fontWeight: 500 }}>
              /100
            </Typography>
          </Typography>
          <Chip size="small" color="success" variant="outlined" label={optimizationLabel(score)} sx={{ mt: 0.75 }} />
        </Box>
      </Box>

      <Box sx={{ mb: 2.5 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
            Predicted retention
          </Typography>
          <Typography variant="caption" color="text.secondary">
            45% reach the end
          </Typography>
        </Box>
        <Sparkline values={SAMPLE_RETENTION} />
        <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
          <Typography variant="caption" color="text.disabled">
            0:00
          </Typography>
          <Typography variant="caption" color="text.disabled">
            1:30
          </Typography>
        </Box>
      </Box>

      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
        {SAMPLE_ISSUES.map((issue) => (
          <Box
            component="li"
            key={issue.timestamp}
            sx={{
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              gap: 1.5,
              p: 1.5,
              borderRadius: 2,
              bgcolor: alpha(brand.white, 0.03),
              border: `1px solid ${alpha(brand.white, 0.06)}`,
              borderLeft: `3px solid ${severityColor[issue.severity]}`,
            }}
          >
            <Typography
              variant="caption"
              sx={{ fontFamily: 'ui-monospace, monospace', fontWeight: 700, color: severityColor[issue.severity], pt: 0.25 }}
            >
              {issue.timestamp}
            </Typography>
            <Box>
              <Typography variant="body2" sx={{ fontWeight: 700 }}>
                {issue.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Fix: {issue.fix}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Card>
  );
}
