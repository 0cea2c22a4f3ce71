import ShareRounded from '@mui/icons-material/ShareRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { ShareDialog } from './ShareDialog';

/** A button that opens the share dialog for one report (dashboard card "Share Report", analysis page "Share"). */
export function ShareReportButton({ reportId, label = 'Share Report', ...button }: { reportId: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<ShareRounded />}
        {...button}
        onClick={(e) => {
          e.stopPropagation(); // the dashboard card itself is clickable
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {open && <ShareDialog reportId={reportId} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
