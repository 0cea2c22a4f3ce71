import { useMutation } from '@tanstack/react-query';
import { MARKER_FORMAT_META, type MarkerFormat } from '@preflight/shared';
import { useSnackbar } from 'notistack';
import { createElement } from 'react';
import { ToastText } from '../../../shared/components/ToastText';
import { saveBlob } from '../../../shared/pdf/lib/pdfFile';
import { fetchMarkerFile } from './reportMarkers';

export const MARKERS_DOWNLOADED = 'Markers downloaded';
export const MARKERS_FAILED = 'Failed to export markers';

/** Downloads one editor's marker file for a report, with a toast either way. */
export function useMarkerDownload(reportId: string, videoFilename: string) {
  const { enqueueSnackbar } = useSnackbar();
  return useMutation({
    mutationFn: async (format: Exclude<MarkerFormat, 'youtube'>) => {
      const file = await fetchMarkerFile(reportId, format, videoFilename);
      saveBlob(file.blob, file.filename);
      return { format, filename: file.filename };
    },
    onSuccess: ({ format, filename }) =>
      enqueueSnackbar(createElement(ToastText, { title: MARKERS_DOWNLOADED, message: `${filename} for ${MARKER_FORMAT_META[format].label}` }), { variant: 'success' }),
    onError: (error) => enqueueSnackbar(createElement(ToastText, { title: MARKERS_FAILED, message: error instanceof Error ? error.message : undefined }), { variant: 'error' }),
  });
}
