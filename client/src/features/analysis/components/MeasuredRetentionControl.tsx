import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useAddMeasuredRetention, useCalibrationProgress, useDeleteMeasuredRetention } from '../api/useMeasuredRetention';
import { calibrationProgressLine } from '../lib/calibrationProgress';
import { YoutubeImportControl } from './YoutubeImportControl';

/** Larger files are not a retention export (the API takes up to 90,000 characters of CSV). */
const MAX_FILE_BYTES = 200_000;

/**
 * "Add measured retention" on the owner's report: a CSV of time and % still watching, as a spreadsheet or the
 * platform's analytics exports it (docs/product.md, Measured retention). The file is read here and sent as text; the
 * API says what is wrong with it, line included. Beside it, the YouTube path (YoutubeImportControl), and how many posted
 * videos are measured toward the calibration.
 */
export function MeasuredRetentionControl({ reportId, hasMeasured }: { reportId: string; hasMeasured: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const add = useAddMeasuredRetention(reportId);
  const remove = useDeleteMeasuredRetention(reportId);
  const progress = useCalibrationProgress();
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const busy = add.isPending || remove.isPending || importing;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    add.reset();
    remove.reset();
    if (input.current) input.current.value = '';
    if (file.size > MAX_FILE_BYTES) {
      setTooLarge(`${file.name} is ${Math.round(file.size / 1000)} kB: a retention export is two columns, well under ${MAX_FILE_BYTES / 1000} kB.`);
      return;
    }
    setTooLarge(null);
    add.mutate(await file.text());
  };
  const error = tooLarge ?? add.error?.message ?? remove.error?.message ?? null;

  return (
    <Box sx={{ mt: 2 }} data-testid="measured-retention-control">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant={hasMeasured ? 'outlined' : 'contained'} size="small" disabled={busy} onClick={() => input.current?.click()}>
          {hasMeasured ? 'Replace measured retention' : 'Add measured retention'}
        </Button>
        <YoutubeImportControl reportId={reportId} onBusy={setImporting} />
        {hasMeasured && (
          <Button size="small" color="inherit" disabled={busy} onClick={() => {
              // The old file's error no longer applies once the curve is gone.
              add.reset();
              setTooLarge(null);
              remove.mutate();
            }}>
            Remove measured retention
          </Button>
        )}
        <input
          ref={input}
          type="file"
          accept=".csv,.tsv,.txt,text/csv,text/plain"
          hidden
          aria-label="Measured retention CSV file"
          onChange={(e) => void onFile(e.target.files?.[0])}
        />
      </Box>
      {!hasMeasured && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          Posted this video? Upload its audience retention as a CSV (time or % of the video, and % still watching), or import
          it from YouTube, to see the prediction against what happened. Three posted videos calibrate your next predictions.
        </Typography>
      )}
      {progress.data && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }} data-testid="calibration-progress">
          {calibrationProgressLine(progress.data.measured_videos, progress.data.needed)}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
