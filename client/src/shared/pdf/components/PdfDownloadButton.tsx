import PictureAsPdfRounded from '@mui/icons-material/PictureAsPdfRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useReportPdf, type ReportPdfTarget } from '../api/useReportPdf';

export type PdfDownloadButtonProps = ReportPdfTarget &
  Omit<ButtonProps, 'onClick' | 'children'> & {
    label?: string;
    /** On the shared page: the share token (show the button only when the link allows downloads). */
    shareToken?: string;
  };

/** Downloads the report's PDF (dashboard card, analysis page, shared page), or a comparison's. */
export function PdfDownloadButton({ reportId, comparison, filename, label = 'PDF', shareToken, startIcon, ...button }: PdfDownloadButtonProps) {
  const pdf = useReportPdf({ shareToken });
  return (
    <Button
      variant="outlined"
      size="small"
      {...button}
      startIcon={pdf.isPending ? <CircularProgress size={16} color="inherit" /> : (startIcon ?? <PictureAsPdfRounded />)}
      disabled={button.disabled || pdf.isPending}
      onClick={(event) => {
        event.stopPropagation(); // the dashboard card itself is a link
        pdf.mutate(comparison ? { comparison, filename } : { reportId: reportId!, filename });
      }}
    >
      {label}
    </Button>
  );
}
