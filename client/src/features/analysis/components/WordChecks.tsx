import RecordVoiceOverOutlined from '@mui/icons-material/RecordVoiceOverOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { WordsView } from '@preflight/shared';
import { CheckRow } from './CheckRow';
import { NotRunLine } from './NotRunLine';

/** Who reads the report: its creator (the Analysis page) or a client (a share link; the PDF follows the client). */
export type ReportAudience = 'creator' | 'client';

/**
 * Word checks: the checks that ran on the transcript. On a server that checks no words the creator reads one short
 * line (what the checks would add) and a client sees nothing; checks that did not run take no space among the results.
 */
export function WordChecks({ words, audience }: { words: WordsView; audience: ReportAudience }) {
  if (audience === 'client' && !words.shownToClient) return null;
  if (words.offOnServer) {
    return (
      <Box component="aside" aria-label="Word checks" data-testid="word-checks-off" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', px: { xs: 0.5, md: 1 }, color: 'text.secondary' }}>
        <RecordVoiceOverOutlined sx={{ fontSize: 18, mt: '2px' }} aria-hidden />
        <Typography variant="body2" data-testid="word-checks-note">
          {words.note}
        </Typography>
      </Box>
    );
  }
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
      {audience === 'creator' && <NotRunLine checks={words.notRun} />}
    </Card>
  );
}
