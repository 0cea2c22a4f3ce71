import { getReportMarkers } from '@preflight/sdk';
import { markerFilename, type MarkerFormat } from '@preflight/shared';
import { filenameFromDisposition } from '../../../shared/pdf/lib/pdfFile';

/** An editor's marker file as the API names it (the video's name and the format's ending). */
export async function fetchMarkerFile(reportId: string, format: Exclude<MarkerFormat, 'youtube'>, videoFilename: string): Promise<{ blob: Blob; filename: string }> {
  const file = await getReportMarkers({ path: { reportId }, query: { format }, parseAs: 'blob', throwOnError: true });
  return { blob: file.data as Blob, filename: filenameFromDisposition(file.response.headers.get('content-disposition')) ?? markerFilename(videoFilename, format) };
}

/** YouTube chapters as text; a video that cannot have valid chapters answers 422 and the error says why. */
export async function fetchYoutubeChapters(reportId: string): Promise<string> {
  const file = await getReportMarkers({ path: { reportId }, query: { format: 'youtube' }, parseAs: 'text', throwOnError: true });
  return file.data as unknown as string;
}
