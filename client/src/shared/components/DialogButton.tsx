import Button, { type ButtonProps } from '@mui/material/Button';
import { useState, type ReactNode } from 'react';

/**
 * A small outlined button that opens a dialog, mounted only while open. The click does not reach a clickable parent
 * (the dashboard card opens its report).
 */
export function DialogButton({ label, dialog, ...button }: { label: string; dialog: (close: () => void) => ReactNode } & Omit<ButtonProps, 'onClick' | 'children'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="outlined"
        size="small"
        {...button}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {open && dialog(() => setOpen(false))}
    </>
  );
}
