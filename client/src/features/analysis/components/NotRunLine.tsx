import Typography from '@mui/material/Typography';
import { Hint } from '../../../shared/components/Hint';

/**
 * Checks that did not run, for the creator only: one quiet line naming them ("Not run: Safe zone, Captions"), each
 * reason one tap away — never a row among the results, and never shown to a client.
 */
export function NotRunLine({ checks }: { checks: { id: string; label: string; reason: string }[] }) {
  if (!checks.length) return null;
  const reasons = checks.map((c) => `${c.label}: ${c.reason}`).join(' ');
  return (
    <Hint title={reasons} enterTouchDelay={0}>
      <Typography variant="caption" color="text.secondary" component="p" tabIndex={0} data-testid="not-run-line" aria-label={`Not run: ${reasons}`} sx={{ mt: 1.5, cursor: 'help', textDecoration: 'underline dotted' }}>
        Not run here: {checks.map((c) => c.label).join(', ')}
      </Typography>
    </Hint>
  );
}
