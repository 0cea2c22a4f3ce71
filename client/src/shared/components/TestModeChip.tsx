import ScienceRounded from '@mui/icons-material/ScienceRounded';
import Chip from '@mui/material/Chip';
import { Hint } from './Hint';

/** Shown wherever payments run against Stripe test mode or the local stand-in: no real card is charged. */
export function TestModeChip({ active }: { active: boolean | undefined }) {
  if (!active) return null;
  return (
    <Hint title="Payments run in Stripe test mode: no real card is charged.">
      <Chip icon={<ScienceRounded />} label="Test mode" color="warning" variant="outlined" size="small" data-testid="test-mode" />
    </Hint>
  );
}
