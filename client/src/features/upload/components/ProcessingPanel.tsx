import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import RadioButtonUncheckedRounded from '@mui/icons-material/RadioButtonUncheckedRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { STAGE_TEXT, type ProcessingStep } from '@preflight/shared';
import { etaText, type ProcessingView } from '../lib/processingStatus';

const STEPS: { step: ProcessingStep; label: string }[] = [
  { step: 'preprocessing', label: 'Preprocessing' },
  { step: 'analyzing', label: 'AI Analysis' },
  { step: 'generating', label: 'Report' },
];
const ORDER: ProcessingStep[] = ['uploading', 'preprocessing', 'analyzing', 'generating', 'completed'];

/**
 * Shown while a report is analysing: the stage texts (docs/product.md, Rules › Processing stages), what the analysis
 * is doing within the stage (upload received, decoding x %, analysing, rendering frames), progress and time left.
 */
export function ProcessingPanel({ view, filename }: { view: ProcessingView; filename: string | null }) {
  const current = ORDER.indexOf(view.step);
  const eta = etaText(view.eta);
  return (
    <Card data-testid="processing-panel" sx={{ p: { xs: 2.5, md: 3.5 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        {view.failed ? <ErrorOutlineRounded color="error" /> : <CircularProgress size={22} />}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {view.failed ? 'Analysis failed' : 'Analyzing your video'}
          </Typography>
          {filename && (
            <Typography variant="body2" color="text.secondary" noWrap>
              {filename}
            </Typography>
          )}
        </Box>
      </Box>
      <LinearProgress variant={view.resuming ? 'indeterminate' : 'determinate'} value={view.progress} color={view.failed ? 'error' : 'primary'} sx={{ height: 8, borderRadius: 4 }} aria-label="Analysis progress" />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 1.25 }}>
        <Typography role="status" color={view.failed ? 'error' : 'text.primary'} sx={{ fontWeight: 500 }}>
          {view.text}
        </Typography>
        <Typography color="text.secondary" sx={{ flexShrink: 0 }}>
          {view.resuming ? 'resuming' : `${view.progress}%`}
          {eta ? ` · ${eta}` : ''}
        </Typography>
      </Box>
      {view.detail && !view.failed && (
        <Typography data-testid="processing-phase" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {view.detail}
        </Typography>
      )}
      {!view.failed && (
        <Box sx={{ display: 'flex', gap: { xs: 1.5, sm: 3 }, mt: 2.5, flexWrap: 'wrap' }}>
          {STEPS.map(({ step, label }) => {
            const index = ORDER.indexOf(step);
            const done = current > index;
            const active = current === index;
            return (
              <Box key={step} title={STAGE_TEXT[step]} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: done || active ? 'text.primary' : 'text.secondary' }}>
                {done ? <CheckCircleRounded color="success" fontSize="small" /> : active ? <CircularProgress size={14} /> : <RadioButtonUncheckedRounded fontSize="small" />}
                <Typography variant="body2" sx={{ fontWeight: active ? 700 : 500 }}>
                  {label}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
    </Card>
  );
}
