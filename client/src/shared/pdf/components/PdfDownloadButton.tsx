import PictureAsPdfRounded from '@mui/icons-material/PictureAsPdfRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useReportPdf, type ReportPdfTarget } from '../api/useReportPdf';

export interface PdfDownloadButtonProps extends ReportPdfTarget, Omit<ButtonProps, 'onClick' | 'children'> {
  label?: string;
  /** On the shared page: the share token (show the button only when the link allows downloads). */
  shareToken?: string;
}

/** Downloads the report's PDF (dashboard card, analysis page, shared page). */
export function PdfDownloadButton({ reportId, filename, label = 'PDF', shareToken, startIcon, ...button }: PdfDownloadButtonProps) {
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
        pdf.mutate({ reportId, filename });
      }}
    >
      {label}
    </Button>
  );
}
