import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ReportView } from '@preflight/shared';

/**
 * The report's title block: what it is, the file, its facts, and on the right whatever the reader may do with it (the
 * owner's feedback style and share controls; on a shared link only what the link allows). Read-only = no actions.
 */
export function ReportHeading({
  view,
  overline,
  facts = [],
  actions,
}: {
  view: ReportView;
  overline: string;
  /** Extra chips after duration and platform (analysed date, who prepared it). */
  facts?: string[];
  actions?: ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        justifyContent: 'space-between',
        alignItems: { md: 'flex-end' },
        flexDirection: { xs: 'column', md: 'row' },
        mb: { xs: 2.5, md: 3 },
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" color="primary">
          {overline}
        </Typography>
        <Typography variant="h3" component="h1" title={view.filename} sx={{ fontSize: { xs: '1.6rem', md: '2.3rem' }, overflowWrap: 'anywhere' }}>
          {view.filename}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={view.duration} />
          {view.platform && <Chip size="small" variant="outlined" label={view.platform} sx={{ textTransform: 'capitalize' }} />}
          {facts.map((fact) => (
            <Chip key={fact} size="small" variant="outlined" label={fact} />
          ))}
        </Box>
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-end', minWidth: { md: 320 }, justifyContent: { md: 'flex-end' } }}>{actions}</Box>}
    </Box>
  );
}
