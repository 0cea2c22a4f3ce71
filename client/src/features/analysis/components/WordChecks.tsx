import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import RemoveCircleOutlineRounded from '@mui/icons-material/RemoveCircleOutlineRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { WordsView } from '@preflight/shared';
import { RISK_COLOR } from './severity';

const STATUS_STYLE = {
  pass: { color: RISK_COLOR.low, Icon: CheckCircleRounded },
  warn: { color: RISK_COLOR.medium, Icon: ErrorOutlineRounded },
  fail: { color: RISK_COLOR.high, Icon: CancelRounded },
  not_run: { color: 'text.secondary', Icon: RemoveCircleOutlineRounded },
} as const;

/**
 * Word checks: what the transcript showed, or which checks were not run and why (no speech-to-text service, no
 * speech found...), so the words never leave a silent gap in the report. Shown on the analysis and the share page.
 */
export function WordChecks({ words }: { words: WordsView }) {
  return (
    <Card component="section" aria-labelledby="word-checks-title" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography id="word-checks-title" variant="h6" component="h2">
        Word checks
      </Typography>
      <Typography variant="body2" color={words.checked ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: words.checked ? 600 : 400, mb: words.checks.length ? 2 : 0 }} data-testid="word-checks-note">
        {words.note}
      </Typography>
      {words.checks.length > 0 && (
        <Box component="ul" aria-label="Checks on the spoken words" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {words.checks.map((check) => {
            const { color, Icon } = STATUS_STYLE[check.status];
            return (
              <Box
                component="li"
                key={check.id}
                data-testid={`word-check-${check.id}`}
                data-status={check.status}
                sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.25, alignItems: 'start', p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color, minWidth: 64 }}>
                  <Icon fontSize="small" aria-hidden />
                  <Typography component="span" variant="body2" sx={{ fontWeight: 700, color }}>
                    {check.statusLabel}
                  </Typography>
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 700 }}>
                    {check.label}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {check.evidence}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Card>
  );
}
