import CompareArrowsRounded from '@mui/icons-material/CompareArrowsRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { CompareDialog } from './CompareDialog';

/** Opens "Compare with another version" for one finished report (dashboard card, analysis page). */
export function CompareButton({ report, label = 'Compare', ...button }: { report: { id: string; filename: string; created_at: string }; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        startIcon={<CompareArrowsRounded />}
        {...button}
        onClick={(e) => {
          e.stopPropagation(); // the dashboard card itself is clickable
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {open && <CompareDialog report={report} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}
