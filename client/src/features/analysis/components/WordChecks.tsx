import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { WordsView } from '@preflight/shared';
import { CheckRow } from './CheckRow';

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
          {words.checks.map((check) => (
            <CheckRow key={check.id} testId={`word-check-${check.id}`} status={check.status} statusLabel={check.statusLabel} heading={check.label} evidence={check.evidence} />
          ))}
        </Box>
      )}
    </Card>
  );
}
