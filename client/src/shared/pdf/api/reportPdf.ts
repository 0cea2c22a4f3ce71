import { downloadComparisonPdf, downloadPdf, generateComparisonPdf, generatePdf } from '@preflight/sdk';
import { filenameFromDisposition } from '../lib/pdfFile';

/** PDF error texts (docs/product.md, Errors). */
export const PDF_NO_ID = 'PDF generation failed - no PDF ID returned';
export const PDF_FAILED = 'Failed to generate PDF report';

/** The PDF endpoints are public paths: the caller proves access with the owner's token or a share token. */
export interface PdfCredentials {
  bearerToken?: string;
  shareToken?: string;
}

function headersOf(credentials: PdfCredentials): Record<string, string> {
  const headers: Record<string, string> = {};
  if (credentials.bearerToken) headers.authorization = `Bearer ${credentials.bearerToken}`;
  if (credentials.shareToken) headers['x-share-token'] = credentials.shareToken;
  return headers;
}

/** POST (render or find the cached PDF) → { id }, then GET the file. */
export async function fetchReportPdf(reportId: string, credentials: PdfCredentials): Promise<{ blob: Blob; filename: string | null }> {
  const headers = headersOf(credentials);
  const generated = await generatePdf({ path: { reportId }, headers, throwOnError: true });
  if (!generated.data?.id) throw new Error(PDF_NO_ID);
  const file = await downloadPdf({ path: { reportId }, headers, parseAs: 'blob', throwOnError: true });
  return { blob: file.data as Blob, filename: filenameFromDisposition(file.response.headers.get('content-disposition')) };
}

/** The same for a comparison of two cuts (cut A, cut B): POST then GET /public/compare/pdf?a=&b=. */
export async function fetchComparisonPdf(a: string, b: string, credentials: PdfCredentials): Promise<{ blob: Blob; filename: string | null }> {
  const headers = headersOf(credentials);
  const generated = await generateComparisonPdf({ query: { a, b }, headers, throwOnError: true });
  if (!generated.data?.id) throw new Error(PDF_NO_ID);
  const file = await downloadComparisonPdf({ query: { a, b }, headers, parseAs: 'blob', throwOnError: true });
  return { blob: file.data as Blob, filename: filenameFromDisposition(file.response.headers.get('content-disposition')) };
}
