import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ExportMarkersButton } from './ExportMarkersButton';

/** What the editor markers hold (docs/product.md, Markers for editors), as the PDF card lists it. */
export const MARKERS_CONTENTS = 'The issues and predicted drop-offs as markers for Final Cut Pro, DaVinci Resolve and Premiere Pro, or YouTube chapters';

/** The PDF card's line about the editor markers, with their export menu (the owner's report only). */
export function EditorMarkersLine({ reportId, filename, durationSeconds }: { reportId: string; filename: string; durationSeconds?: number }) {
  return (
    <Box data-testid="pdf-card-markers" sx={{ display: 'flex', gap: 1.5, alignItems: { sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
        {MARKERS_CONTENTS}.
      </Typography>
      <ExportMarkersButton reportId={reportId} filename={filename} durationSeconds={durationSeconds} sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'auto' } }} />
    </Box>
  );
}
