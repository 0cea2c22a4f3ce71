import CloseRounded from '@mui/icons-material/CloseRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { markerFilename } from '@preflight/shared';
import { useSnackbar } from 'notistack';
import { saveBlob } from '../../../shared/pdf/lib/pdfFile';
import { fetchYoutubeChapters } from '../api/reportMarkers';

export const CHAPTERS_COPIED = 'Chapters copied to clipboard!';
export const CHAPTERS_COPY_FAILED = 'Failed to copy chapters';

/** The clipboard, replaceable in tests and absent on insecure origins. */
export type CopyText = (text: string) => Promise<void>;
const browserCopy: CopyText = (text) => (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('Clipboard unavailable')));

/**
 * YouTube chapters for the video description, ready to copy (docs/product.md, Markers for editors), or the reason a
 * video cannot have valid chapters (under 30 s; the menu already says so, this is the server's word if asked anyway).
 */
export function YoutubeChaptersDialog({ reportId, videoFilename, onClose, copyText = browserCopy }: { reportId: string; videoFilename: string; onClose: () => void; copyText?: CopyText }) {
  const { enqueueSnackbar } = useSnackbar();
  const chapters = useQuery({ queryKey: ['report-markers', reportId, 'youtube'], queryFn: () => fetchYoutubeChapters(reportId), retry: false, staleTime: 60_000 });
  const text = chapters.data ?? '';
  // Both outcomes are told to the creator here: a click does not wait for it.
  const copy = () =>
    void copyText(text).then(
      () => enqueueSnackbar(CHAPTERS_COPIED, { variant: 'success' }),
      () => enqueueSnackbar(CHAPTERS_COPY_FAILED, { variant: 'error' }),
    );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="chapters-dialog-title" onClick={(e) => e.stopPropagation()}>
      <DialogTitle id="chapters-dialog-title" sx={{ pr: 6 }}>
        YouTube chapters
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, display: chapters.isError ? 'none' : undefined }}>
          Paste these lines into the video&apos;s description: YouTube turns them into chapters at each finding. They follow YouTube&apos;s rules — the
          first at 0:00, at least three, each 10 seconds or longer — and carry the severity and title only; the fixes are in the editor files.
        </Typography>
        {chapters.isPending && (
          <Box role="status" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', color: 'text.secondary', py: 2 }}>
            <CircularProgress size={18} /> Making chapters...
          </Box>
        )}
        {chapters.isError && (
          <Typography role="status" data-testid="chapters-unavailable" variant="body2" sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover', borderLeft: 3, borderColor: 'info.main' }}>
            {chapters.error instanceof Error ? chapters.error.message : 'No chapters for this video.'}
          </Typography>
        )}
        {chapters.isSuccess && (
          <TextField
            label="Chapters"
            value={text}
            multiline
            fullWidth
            minRows={3}
            maxRows={12}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'chapters-text', spellCheck: false, style: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } } }}
          />
        )}
      </DialogContent>
      {chapters.isSuccess && (
        <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={() => saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), markerFilename(videoFilename, 'youtube'))}>Download .txt</Button>
          <Button variant="contained" startIcon={<ContentCopyRounded />} onClick={copy}>
            Copy chapters
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
