import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import type { ReportView } from '@preflight/shared';
import type { EditPanelState } from '../api/useEditDraft';
import { EditPreview } from './EditPreview';
import { beforeAfterInWords, lengthInWords, moveEdge, type CutChoice } from '../lib/proposedEdit';

export const PROPOSED_EDIT_TITLE = 'Proposed edit';
export const NOTHING_TO_REMOVE = 'Nothing in this video is worth removing.';

// A finding's title is long: the chip wraps instead of widening the page.
const WRAP = { maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } } as const;

const at = (s: number) => {
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(2).padStart(5, '0')}`;
};

const STATUS_TEXT: Record<EditPanelState['status'], string> = {
  saved: 'Saved',
  pending: 'Changes not saved yet',
  saving: 'Saving…',
  error: 'Not saved',
};

/** One edge of a cut: its time and a frame earlier / later. */
function EdgeStepper({ label, seconds, onStep }: { label: string; seconds: number; onStep?: (frames: number) => void }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {label} {at(seconds)}
      </Typography>
      {onStep && (
        <>
          <IconButton size="small" aria-label={`${label} one frame earlier`} onClick={() => onStep(-1)}>
            <ChevronLeftRounded fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={`${label} one frame later`} onClick={() => onStep(1)}>
            <ChevronRightRounded fontSize="small" />
          </IconButton>
        </>
      )}
    </Box>
  );
}

/**
 * "Proposed edit" (docs/product.md, The proposed edit, on the report page): the cuts the engine proposes with their
 * reasons, each switched off or its edges moved by a frame (saved as the creator goes), the new length, the before →
 * after figures the server answered, and the findings the edit fixes. Read-only on a shared report.
 */
export function ProposedEditSection({
  state,
  issues,
  analysed,
}: {
  state: EditPanelState;
  issues: ReportView['issues'];
  /** The analysed file (size and length) the preview checks the creator's file against; absent = no preview. */
  analysed?: { fileSizeBytes: number; durationSeconds: number };
}) {
  const { edit, cuts, onChange } = state;
  const titles = new Map(issues.map((i) => [i.id, i.title]));
  const fixed = new Set(edit.fixed_finding_ids);
  const change = (index: number, next: CutChoice) => onChange?.(cuts.map((c, i) => (i === index ? next : c)));
  const readOnly = !onChange;

  return (
    <Card component="section" aria-labelledby="proposed-edit-title" data-testid="proposed-edit" sx={{ p: { xs: 2, md: 3 } }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Typography id="proposed-edit-title" variant="h6" component="h2">
          {PROPOSED_EDIT_TITLE}
        </Typography>
        {!readOnly && edit.cuts.length > 0 && (
          <Typography variant="caption" color="text.secondary" role="status" data-testid="edit-save-status">
            {STATUS_TEXT[state.status]}
          </Typography>
        )}
      </Box>
      {edit.cuts.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="edit-note">
          {edit.note ?? NOTHING_TO_REMOVE}
        </Typography>
      ) : (
        <>
          <Typography sx={{ mt: 1, fontWeight: 600 }} data-testid="edit-length">
            New length: {lengthInWords(edit.duration_seconds, state.keptSeconds)}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="edit-before-after">
            Predicted with the saved edit: {beforeAfterInWords(edit)}
          </Typography>
          {edit.note && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="edit-note">
              {edit.note}
            </Typography>
          )}
          {state.error && (
            <Alert severity="error" sx={{ mt: 1.5 }}>
              This change is not saved: {state.error}
            </Alert>
          )}
          <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5 }}>
            {edit.cuts.map((proposed, index) => {
              const cut = cuts[index] ?? proposed;
              const finding = proposed.finding_id ? titles.get(proposed.finding_id) : undefined;
              const reasonId = `edit-cut-${index}-reason`;
              return (
                <Box
                  component="li"
                  key={index}
                  data-testid="edit-cut"
                  sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', p: 1.5, borderRadius: 1, border: 1, borderColor: 'divider', opacity: cut.enabled ? 1 : 0.7 }}
                >
                  {readOnly ? null : (
                    <Switch
                      checked={cut.enabled}
                      // MUI's hidden input is three thumbs wide, past the switch's own box: kept to the thumb, so nothing
                      // pokes out of the card on a phone.
                      sx={{ flexShrink: 0, '& .MuiSwitch-switchBase .MuiSwitch-input': { left: 0, width: '100%' } }}
                      onChange={(e) => change(index, { ...cut, enabled: e.target.checked })}
                      slotProps={{ input: { 'aria-label': `Remove ${at(cut.start_seconds)}–${at(cut.end_seconds)}`, 'aria-describedby': reasonId } }}
                    />
                  )}
                  <Box sx={{ minWidth: 0, flex: 1 }}>
                    <Typography id={reasonId} sx={{ overflowWrap: 'anywhere' }}>
                      {proposed.reason}
                    </Typography>
                    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mt: 0.5 }}>
                      {!cut.enabled && <Chip size="small" label="Kept (switched off)" variant="outlined" />}
                      {proposed.finding_id && fixed.has(proposed.finding_id) && (
                        <Chip size="small" color="success" label={`Fixes: ${finding ?? 'a finding'}`} sx={WRAP} />
                      )}
                      {finding && !fixed.has(proposed.finding_id!) && <Chip size="small" variant="outlined" label={`Answers: ${finding}`} sx={WRAP} />}
                    </Box>
                    <Box sx={{ display: 'flex', gap: { xs: 0.5, sm: 2 }, flexWrap: 'wrap', mt: 0.5 }}>
                      <EdgeStepper label={`Cut ${index + 1} start`} seconds={cut.start_seconds} onStep={readOnly ? undefined : (f) => change(index, moveEdge(cut, 'start', f, edit))} />
                      <EdgeStepper label={`Cut ${index + 1} end`} seconds={cut.end_seconds} onStep={readOnly ? undefined : (f) => change(index, moveEdge(cut, 'end', f, edit))} />
                    </Box>
                  </Box>
                </Box>
              );
            })}
          </Box>
          {!readOnly && analysed && <EditPreview cuts={cuts} analysed={analysed} />}
        </>
      )}
    </Card>
  );
}
