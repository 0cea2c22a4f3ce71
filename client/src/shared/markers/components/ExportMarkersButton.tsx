import BookmarksRounded from '@mui/icons-material/BookmarksRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { MARKER_FORMAT_META, type MarkerFormat } from '@preflight/shared';
import { useId, useState } from 'react';
import { useMarkerDownload } from '../api/useMarkerDownload';
import { YoutubeChaptersDialog } from './YoutubeChaptersDialog';

export const EXPORT_MARKERS_LABEL = 'Export markers';
const EDITOR_FORMATS = ['fcpxml', 'edl', 'premiere'] as const satisfies readonly MarkerFormat[];

/**
 * "Export markers" (docs/product.md, Markers for editors): the report's issues and predicted drop-offs as markers for
 * Final Cut Pro, DaVinci Resolve or Premiere Pro (a file download), or as YouTube chapters to copy. Owner only.
 */
export function ExportMarkersButton({ reportId, filename, label = EXPORT_MARKERS_LABEL, ...button }: { reportId: string; filename: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [chaptersOpen, setChaptersOpen] = useState(false);
  const download = useMarkerDownload(reportId, filename);
  const menuId = useId();

  return (
    <>
      <Button
        variant="outlined"
        size="small"
        {...button}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={download.isPending ? <CircularProgress size={16} color="inherit" /> : <BookmarksRounded />}
        disabled={button.disabled || download.isPending}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        {label}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
        // The import paths wrap on a phone instead of running off the screen.
        slotProps={{ paper: { sx: { maxWidth: 'min(400px, calc(100vw - 32px))' } } }}
        sx={{ '& .MuiMenuItem-root': { whiteSpace: 'normal' } }}
      >
        {EDITOR_FORMATS.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              download.mutate(format);
            }}
          >
            <ListItemText primary={MARKER_FORMAT_META[format].label} secondary={MARKER_FORMAT_META[format].hint} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setChaptersOpen(true);
          }}
        >
          <ListItemText primary={MARKER_FORMAT_META.youtube.label} secondary={MARKER_FORMAT_META.youtube.hint} />
        </MenuItem>
      </Menu>
      {chaptersOpen && <YoutubeChaptersDialog reportId={reportId} videoFilename={filename} onClose={() => setChaptersOpen(false)} />}
    </>
  );
}
