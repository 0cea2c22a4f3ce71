import BookmarksRounded from '@mui/icons-material/BookmarksRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useId, useState } from 'react';

export const EXPORT_MARKERS_LABEL = 'Export markers';

// The menu, its downloads and the chapters dialog load on the first click: the page's first JavaScript carries only
// this button (and keeps the shared chunks the other pages load as they were).
const MarkersMenu = lazy(() => import('./MarkersMenu'));

/**
 * "Export markers" (docs/product.md, Markers for editors): the report's issues and predicted drop-offs as markers for
 * Final Cut Pro, DaVinci Resolve or Premiere Pro (a file download), or as YouTube chapters to copy. Owner only.
 */
export function ExportMarkersButton({
  reportId,
  filename,
  durationSeconds,
  label = EXPORT_MARKERS_LABEL,
  ...button
}: { reportId: string; filename: string; durationSeconds?: number; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
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
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <BookmarksRounded />}
        disabled={button.disabled || busy}
        onClick={(event) => {
          event.stopPropagation();
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
      >
        {label}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <MarkersMenu reportId={reportId} filename={filename} durationSeconds={durationSeconds} menuId={menuId} anchor={anchor} onClose={() => setAnchor(null)} onBusy={setBusy} />
        </Suspense>
      )}
    </>
  );
}
