import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { MARKER_FORMAT_META, youtubeChaptersUnavailable, type MarkerFormat } from '@preflight/shared';
import { useState } from 'react';
import { useMarkerDownload } from '../api/useMarkerDownload';
import { YoutubeChaptersDialog } from './YoutubeChaptersDialog';

/** A menu line: the editor, and under it the file and how it goes in (or why this video cannot have it). */
function FormatItem({ format, hint = MARKER_FORMAT_META[format].hint }: { format: MarkerFormat; hint?: string }) {
  return (
    <span>
      <Typography component="span" sx={{ display: 'block' }}>
        {MARKER_FORMAT_META[format].label}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
        {hint}
      </Typography>
    </span>
  );
}
const EDITOR_FORMATS = ['fcpxml', 'edl', 'premiere'] as const satisfies readonly MarkerFormat[];

/** The export menu (three editors and YouTube chapters), its downloads and the chapters dialog. */
export default function MarkersMenu({
  reportId,
  filename,
  menuId,
  anchor,
  onClose,
  onBusy,
  durationSeconds,
}: {
  reportId: string;
  filename: string;
  /** The video's length, when known: a video too short for chapters has the item disabled, with the reason. */
  durationSeconds?: number;
  menuId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  /** Shown on the trigger while a file downloads. */
  onBusy: (busy: boolean) => void;
}) {
  const [chaptersOpen, setChaptersOpen] = useState(false);
  const download = useMarkerDownload(reportId, filename);
  const noChapters = durationSeconds === undefined ? null : youtubeChaptersUnavailable(durationSeconds);
  return (
    <>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={onClose}
        onClick={(e) => e.stopPropagation()}
        // The import paths wrap on a phone instead of running off the screen.
        slotProps={{ paper: { sx: { maxWidth: 'min(400px, calc(100vw - 32px))' } } }}
        sx={{ '& .MuiMenuItem-root': { whiteSpace: 'normal' } }}
      >
        {EDITOR_FORMATS.map((format) => (
          <MenuItem
            key={format}
            disabled={download.isPending}
            onClick={() => {
              onClose();
              onBusy(true);
              download.mutate(format, { onSettled: () => onBusy(false) });
            }}
          >
            <FormatItem format={format} />
          </MenuItem>
        ))}
        <MenuItem
          sx={{ borderTop: 1, borderColor: 'divider' }}
          // Said before the click: the reason stays readable on the disabled item (MUI dims it, it is not hidden).
          disabled={Boolean(noChapters)}
          onClick={() => {
            onClose();
            setChaptersOpen(true);
          }}
        >
          <FormatItem format="youtube" hint={noChapters ?? undefined} />
        </MenuItem>
      </Menu>
      {chaptersOpen && <YoutubeChaptersDialog reportId={reportId} videoFilename={filename} onClose={() => setChaptersOpen(false)} />}
    </>
  );
}
