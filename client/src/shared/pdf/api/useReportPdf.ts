import { useMutation } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { createElement } from 'react';
import { useAuth } from '../../auth';
import { ToastText } from '../../components/ToastText';
import { pdfFilename, saveBlob } from '../lib/pdfFile';
import { fetchComparisonPdf, fetchReportPdf, PDF_FAILED, type PdfCredentials } from './reportPdf';

export const PDF_DOWNLOADED_TITLE = 'PDF Downloaded';
export const PDF_DOWNLOADED = 'Optimization report PDF downloaded successfully!';
export const PDF_GENERATING = 'Generating PDF';

/**
 * A report (`reportId`) or a comparison of two cuts (`comparison`); `filename` names the saved PDF when the server
 * does not (the video's file name).
 */
export type ReportPdfTarget = { filename: string } & ({ reportId: string; comparison?: undefined } | { reportId?: undefined; comparison: { a: string; b: string } });

/**
 * Download the optimization report PDF with its toasts (docs/product.md, PDF report). Signed in, the owner's token proves access; on the
 * shared page pass the share token (the PDF is offered there only when the link allows downloads).
 */
export function useReportPdf(options: { shareToken?: string } = {}) {
  // With a share token the link is the credential: a client reading a shared report never loads the sign-in SDK.
  const { state } = useAuth({ load: !options.shareToken });
  const { enqueueSnackbar } = useSnackbar();
  const toast = (title: string, message: string | undefined, variant: 'info' | 'success' | 'error') =>
    enqueueSnackbar(createElement(ToastText, { title, message }), { variant });

  return useMutation({
    mutationFn: async (target: ReportPdfTarget) => {
      toast(PDF_GENERATING, undefined, 'info');
      const credentials: PdfCredentials = options.shareToken
        ? { shareToken: options.shareToken }
        : { bearerToken: state.status === 'signedIn' ? await state.user.getIdToken() : undefined };
      const pdf = target.comparison
        ? await fetchComparisonPdf(target.comparison.a, target.comparison.b, credentials)
        : await fetchReportPdf(target.reportId, credentials);
      saveBlob(pdf.blob, pdf.filename ?? pdfFilename(target.filename));
    },
    onSuccess: () => toast(PDF_DOWNLOADED_TITLE, PDF_DOWNLOADED, 'success'),
    onError: (error) => toast('Error', error instanceof Error && error.message ? error.message : PDF_FAILED, 'error'),
  });
}
