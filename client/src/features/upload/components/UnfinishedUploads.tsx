import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { ACCEPT_ATTRIBUTE } from '@preflight/shared';
import { discardUnfinished, findUnfinishedUploads, receivedBytes, uploadFingerprint, type UnfinishedUpload } from '../lib/unfinishedUploads';
import { formatSize } from './UploadQueueList';

interface Row extends UnfinishedUpload {
  /** Bytes the server holds; undefined while asking. */
  received?: number;
  /** Set when the creator picked a different file. */
  wrongFile?: string;
}

/** The creator's unfinished uploads the server still holds, with how much it holds of each. */
async function checkUnfinished(userId: string, getToken: () => Promise<string>): Promise<Row[]> {
  const found = await findUnfinishedUploads(userId);
  if (!found.length) return [];
  const token = await getToken();
  const checked = await Promise.all(found.map(async (upload) => ({ upload, received: await receivedBytes(upload, token).catch(() => undefined) })));
  // null: the server no longer has it (receivedBytes forgot it); undefined: not known now (shown without a figure).
  return checked.filter(({ received }) => received !== null).map(({ upload, received }) => ({ ...upload, received: received ?? undefined }));
}

/**
 * "Unfinished uploads": what a reload, a closed tab or a crash interrupted, each with how much the server already
 * holds. Resume asks for the same file again (a browser cannot keep it across a reload) and sends only the rest.
 */
export function UnfinishedUploads({
  userId,
  getToken,
  inQueue,
  onResume,
}: {
  userId: string;
  getToken: () => Promise<string>;
  /** Fingerprints of the files in the queue now: those are not offered again. */
  inQueue: ReadonlySet<string>;
  onResume: (file: File) => void;
}) {
  const [rows, setRows] = useState<Row[]>([]);
  const picker = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState<Row | null>(null);

  useEffect(() => {
    let live = true;
    void checkUnfinished(userId, getToken).then(
      (found) => live && setRows(found),
      () => live && setRows([]),
    );
    return () => {
      live = false;
    };
  }, [userId, getToken]);

  const shown = rows.filter((row) => !inQueue.has(row.fingerprint));
  if (!shown.length) return null;

  const picked = (file: File | undefined) => {
    const row = picking;
    setPicking(null);
    if (!file || !row) return;
    if (uploadFingerprint(file, userId) !== row.fingerprint) {
      setRows((all) =>
        all.map((r) => (r.key === row.key ? { ...r, wrongFile: `${file.name} is not the file this upload was sending: pick ${row.filename} (${formatSize(row.size)}).` } : r)),
      );
      return;
    }
    setRows((all) => all.map((r) => (r.key === row.key ? { ...r, wrongFile: undefined } : r)));
    onResume(file);
  };

  return (
    <Box component="section" aria-label="Unfinished uploads" sx={{ mb: 3 }}>
      <Alert severity="info" role="status" sx={{ '& .MuiAlert-message': { flex: 1, minWidth: 0 } }}>
        <AlertTitle>Unfinished {shown.length === 1 ? 'upload' : 'uploads'}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          Pick the same file again to carry on: only what is missing is sent.
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {shown.map((row) => {
            const share = row.received !== undefined && row.size ? Math.floor((row.received / row.size) * 100) : null;
            return (
              <Box component="li" key={row.key} data-testid="unfinished-upload" sx={{ minWidth: 0 }}>
                <Typography noWrap sx={{ fontWeight: 600 }} title={row.filename}>
                  {row.filename}
                </Typography>
                <Typography variant="caption" color="text.secondary" data-testid="unfinished-received">
                  {row.received === undefined ? `${formatSize(row.size)}` : `${formatSize(row.received)} of ${formatSize(row.size)} received (${share}%)`}
                </Typography>
                {share !== null && (
                  <LinearProgress variant="determinate" value={share} aria-label={`Received of ${row.filename}`} sx={{ my: 1, height: 6, borderRadius: 3 }} />
                )}
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>
                  <Button
                    size="small"
                    variant="contained"
                    startIcon={<RestartAltRounded />}
                    aria-label={`Resume ${row.filename}`}
                    onClick={() => {
                      setPicking(row);
                      picker.current?.click();
                    }}
                  >
                    Resume
                  </Button>
                  <Button
                    size="small"
                    color="inherit"
                    startIcon={<DeleteOutlineRounded />}
                    aria-label={`Discard ${row.filename}`}
                    onClick={() =>
                      void getToken()
                        .then((token) => discardUnfinished(row, token))
                        .finally(() => setRows((all) => all.filter((r) => r.key !== row.key)))
                    }
                  >
                    Discard
                  </Button>
                </Box>
                {row.wrongFile && (
                  <Typography role="alert" variant="body2" color="error" sx={{ mt: 1 }}>
                    {row.wrongFile}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
        <input
          ref={picker}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          hidden
          data-testid="resume-file-input"
          onChange={(event) => {
            picked(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Alert>
    </Box>
  );
}
