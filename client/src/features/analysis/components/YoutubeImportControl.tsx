import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useConnectYoutube, useYoutubeConnection, YOUTUBE_NOT_SET_UP } from '../../../shared/youtube/useYoutubeConnection';
import { useImportFromYoutube } from '../api/useMeasuredRetention';

const LOOKS_LIKE_A_VIDEO = /^[\w-]{11}$|(^|[/.])(youtube\.com|youtu\.be)\//i;

/**
 * The YouTube path of "Add measured retention": connect the channel once (Google returns to Settings › YouTube, then
 * here), then paste the posted video's link. On a server without YouTube the button says so, and the CSV path stays.
 */
export function YoutubeImportControl({ reportId, onBusy }: { reportId: string; onBusy?: (busy: boolean) => void }) {
  const connection = useYoutubeConnection();
  const connect = useConnectYoutube();
  const importer = useImportFromYoutube(reportId);
  const [open, setOpen] = useState(false);
  const [video, setVideo] = useState('');
  const [notAVideo, setNotAVideo] = useState(false);
  const view = connection.data;
  const connected = view?.available && view.status === 'connected';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // A quick look before asking the server (which parses the link fully): any YouTube address or an 11-character id.
    if (!LOOKS_LIKE_A_VIDEO.test(video.trim())) return setNotAVideo(true);
    setNotAVideo(false);
    onBusy?.(true);
    importer.mutate(video, {
      onSuccess: () => {
        setOpen(false);
        setVideo('');
      },
      onSettled: () => onBusy?.(false),
    });
  };

  if (!view) return null;
  const button = !view.available ? (
    <Button variant="outlined" size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
      Import from YouTube
    </Button>
  ) : connected ? (
    <Button variant="outlined" size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open} disabled={importer.isPending}>
      Import from YouTube
    </Button>
  ) : (
    <Button variant="outlined" size="small" disabled={connect.isPending} onClick={() => connect.mutate(`/analysis?id=${encodeURIComponent(reportId)}`)}>
      {view.status === 'withdrawn' ? 'Connect YouTube again' : 'Connect YouTube'}
    </Button>
  );
  const error = connect.error?.message ?? importer.error?.message ?? null;

  return (
    <>
      {button}
      {open && !view.available && (
        <Alert severity="info" sx={{ flexBasis: '100%' }}>
          {YOUTUBE_NOT_SET_UP}
        </Alert>
      )}
      {open && connected && (
        <Box component="form" onSubmit={submit} sx={{ flexBasis: '100%', display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }} aria-label="Import from YouTube">
          <TextField
            size="small"
            label="Link of the posted video"
            placeholder="https://youtu.be/…"
            value={video}
            onChange={(e) => setVideo(e.target.value)}
            error={notAVideo}
            helperText={notAVideo ? 'Paste a YouTube link (youtu.be/…, youtube.com/watch?v=…, /shorts/…) or the video id.' : undefined}
            sx={{ flex: '1 1 16rem', minWidth: 0 }}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            autoFocus
          />
          <Button type="submit" variant="contained" size="small" disabled={importer.isPending || !video.trim()} sx={{ mt: 0.5 }}>
            {importer.isPending ? 'Importing…' : 'Import'}
          </Button>
        </Box>
      )}
      {view.status === 'withdrawn' && <Alert severity="warning" sx={{ flexBasis: '100%' }}>YouTube access was withdrawn; connect again.</Alert>}
      {error && (
        <Alert severity="error" sx={{ flexBasis: '100%' }}>
          {error}
        </Alert>
      )}
    </>
  );
}
