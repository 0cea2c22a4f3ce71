import CheckRounded from '@mui/icons-material/CheckRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReportView } from '@preflight/shared';
import { RISK_COLOR } from './severity';

const LEVEL_COLOR: Record<string, string> = { 'Needs Work': RISK_COLOR.high, Good: RISK_COLOR.medium, Excellent: RISK_COLOR.low };

/** Optimization Summary: the page's Optimization Level reading, the top recommendations and the prediction note. */
export function OptimizationSummary({ view }: { view: ReportView }) {
  return (
    <Card component="section" aria-labelledby="summary-title" sx={{ p: { xs: 2, md: 3 }, height: '100%' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', columnGap: 2, rowGap: 1, mb: 2 }}>
        <Typography id="summary-title" variant="h6" component="h2">
          Optimization Summary
        </Typography>
        <Chip size="small" label={`Optimization Level: ${view.score.level}`} sx={{ maxWidth: '100%', color: LEVEL_COLOR[view.score.level], borderColor: LEVEL_COLOR[view.score.level] }} variant="outlined" />
      </Box>
      <Typography data-testid="optimization-level-caption" variant="caption" color="text.secondary" sx={{ display: 'block', mt: -1, mb: 2 }}>
        Optimization Level: {view.score.levelCaption}
      </Typography>
      {view.topRecommendations.length > 0 ? (
        <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25, mb: 2 }}>
          {view.topRecommendations.map((r) => (
            <Box component="li" key={r} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <CheckRounded fontSize="small" sx={{ color: 'success.main', mt: 0.25 }} />
              <Typography variant="body2">{r}</Typography>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Nothing pressing to change.
        </Typography>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {`Platform: ${view.platform} · Feedback: ${view.feedbackStyle}`}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
        {view.predictionNote}
      </Typography>
    </Card>
  );
}
