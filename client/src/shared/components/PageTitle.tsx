import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Page heading with optional subtitle and actions, shared by every page body. */
export function PageTitle({ title, subtitle, actions }: { title: string; subtitle?: ReactNode; actions?: ReactNode }) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'flex-end' }, justifyContent: 'space-between', gap: 2, mb: { xs: 3, md: 5 } }}
    >
      <Box>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '1.9rem', md: '2.5rem' } }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" variant="subtitle1" sx={{ mt: 1 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>{actions}</Box>}
    </Box>
  );
}
