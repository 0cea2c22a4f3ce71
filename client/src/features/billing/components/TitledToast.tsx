import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A toast with a title line, as the SPEC writes them ("Error / Failed to load subscription information"). */
export function titledToast(title: string, text: string): ReactNode {
  return (
    <Box>
      <Box component="strong" sx={{ display: 'block' }}>
        {title}
      </Box>
      {text}
    </Box>
  );
}
