import CloudUploadRounded from '@mui/icons-material/CloudUploadRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { formatDateTime, optimizationScore } from '../../reports';
import { useOtherVersions } from '../api/useOtherVersions';
import { compareHref, uploadNewCutHref } from '../compareLink';

export const COMPARE_TITLE = 'Compare with another version';

/** Pick another finished report as the other cut, or upload a new cut; the older of the two is A. */
export function CompareDialog({ report, open, onClose }: { report: { id: string; filename: string; created_at: string }; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const others = useOtherVersions(report.id, open);
  const [picked, setPicked] = useState<string | null>(null);
  const other = others.data?.find((r) => r.id === picked);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="compare-dialog-title" onClick={(e) => e.stopPropagation()}>
      <DialogTitle id="compare-dialog-title">{COMPARE_TITLE}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          Pick the other cut of {report.filename}, or upload a new one. The older cut is A, the newer B.
        </Typography>
        {others.isPending ? (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', color: 'text.secondary' }}>
            <CircularProgress size={18} /> Loading your analyses...
          </Box>
        ) : others.isError ? (
          <Typography color="error">{others.error.message}</Typography>
        ) : others.data.length === 0 ? (
          <Typography color="text.secondary">No other finished analysis yet: upload the other cut.</Typography>
        ) : (
          <RadioGroup aria-label="Other version" value={picked ?? ''} onChange={(e) => setPicked(e.target.value)} sx={{ maxHeight: 320, overflowY: 'auto', flexWrap: 'nowrap' }}>
            {others.data.map((r) => {
              const name = r.originalFilename || `${r.id}.mp4`;
              return (
                <FormControlLabel
                  key={r.id}
                  value={r.id}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', mr: 0, '& .MuiFormControlLabel-label': { minWidth: 0, pt: 1 } }}
                  label={
                    <>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {name}
                      </Typography>
                      <Typography component="span" variant="body2" color="text.secondary">
                        Score {Math.round(optimizationScore(r.viralRiskScore))} · {formatDateTime(r.created_at)}
                      </Typography>
                    </>
                  }
                />
              );
            })}
          </RadioGroup>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button component={RouterLink} to={uploadNewCutHref(report.id)} startIcon={<CloudUploadRounded />} sx={{ mr: 'auto' }}>
          Upload a new cut
        </Button>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button variant="contained" disabled={!other} onClick={() => other && void navigate(compareHref(report, other))}>
          Compare
        </Button>
      </DialogActions>
    </Dialog>
  );
}
