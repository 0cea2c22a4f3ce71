import CheckRounded from '@mui/icons-material/CheckRounded';
import PictureAsPdfRounded from '@mui/icons-material/PictureAsPdfRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { brand } from '../../../theme';
import { PdfDownloadButton } from './PdfDownloadButton';

/** What the PDF holds (src/modules/pdf/template/report.hbs). */
export const PDF_CONTENTS = [
  'Score with its optimization label',
  'Predicted retention curve with drop-offs marked',
  'Urgent fixes',
  'Every issue by category, with timestamp, evidence and fix',
  'Frame strip of the video',
  'Video facts and generation date',
];

/**
 * PDF card (docs/product.md, PDF report): what the report contains and the badges "< 1MB file size" and "200 DPI quality" (both
 * measured by test/pdf/pdf-download.test.ts and `npm run bench:pdf`). `also` lists what else the page offers to take
 * away under the badges (the owner's editor markers), passed in so that pages without it do not load its code.
 */
export function PdfReportCard({ reportId, filename, also }: { reportId: string; filename: string; also?: ReactNode }) {
  return (
    <Card component="section" aria-labelledby="pdf-card-title" sx={{ mt: { xs: 4, md: 6 }, p: { xs: 2.5, md: 3.5 } }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box
          aria-hidden
          sx={{ width: 48, height: 48, flexShrink: 0, borderRadius: 3, display: 'grid', placeItems: 'center', bgcolor: alpha(brand.violet, 0.14), color: brand.violet }}
        >
          <PictureAsPdfRounded />
        </Box>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="pdf-card-title" variant="h6" component="h2">
            Optimization report PDF
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            One A4 document to keep or send: everything on this page, ready to print.
          </Typography>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 0.75 }}>
            {PDF_CONTENTS.map((item) => (
              <Box component="li" key={item} sx={{ display: 'flex', gap: 1, alignItems: 'center', fontSize: '0.875rem' }}>
                <CheckRounded sx={{ fontSize: 18, color: 'success.main' }} aria-hidden />
                {item}
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip size="small" label="< 1MB file size" variant="outlined" />
            <Chip size="small" label="200 DPI quality" variant="outlined" />
          </Box>
          {also && <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>{also}</Box>}
        </Box>
        <PdfDownloadButton reportId={reportId} filename={filename} label="Download PDF" variant="contained" size="medium" sx={{ flexShrink: 0, width: { xs: '100%', sm: 'auto' } }} />
      </Box>
    </Card>
  );
}
