import { exportReportEdit, getReportEdit, getSharedReportEdit, putReportEdit, type EditDto } from '@preflight/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { filenameFromDisposition } from '../../../shared/pdf/lib/pdfFile';
import type { CutChoice } from '../lib/proposedEdit';

export const reportEditKey = (reportId: string) => ['reportEdit', reportId] as const;
export const sharedEditKey = (token: string) => ['sharedEdit', token] as const;

/** The creator's edit of their report: the saved one, else the engine's proposal (a 409 for a report without signals). */
export function useReportEdit(reportId: string | null) {
  return useQuery<EditDto>({
    queryKey: reportEditKey(reportId ?? ''),
    queryFn: async () => (await getReportEdit({ path: { reportId: reportId! }, throwOnError: true })).data,
    enabled: !!reportId,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** The saved edit of a shared report, read-only (anyone holding the link). */
export function useSharedReportEdit(token: string | null) {
  return useQuery<EditDto>({
    queryKey: sharedEditKey(token ?? ''),
    queryFn: async () => (await getSharedReportEdit({ path: { token: token! }, throwOnError: true })).data,
    enabled: !!token,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** Saves the whole cut list; the answer (re-evaluated by the server) replaces the cached edit. */
export function useSaveReportEdit(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (cuts: CutChoice[]) => (await putReportEdit({ path: { reportId }, body: { cuts }, throwOnError: true })).data,
    onSuccess: (edit) => client.setQueryData(reportEditKey(reportId), edit),
  });
}

export const EDIT_EXPORT_FORMATS = ['mlt', 'fcpxml', 'xmeml', 'edl', 'ffmpeg', 'ffmpeg-bat'] as const;
export type EditExportFormat = (typeof EDIT_EXPORT_FORMATS)[number];

/** The names a creator knows each file by, and where it goes. */
export const EDIT_EXPORT_META: Record<EditExportFormat, { label: string; hint: string }> = {
  mlt: { label: 'Shotcut / Kdenlive (MLT)', hint: 'Save beside the video and open it' },
  fcpxml: { label: 'Final Cut Pro / DaVinci Resolve (FCPXML)', hint: 'File › Import › XML; relink the video' },
  xmeml: { label: 'Premiere Pro (XML)', hint: 'File › Import; relink the video' },
  edl: { label: 'EDL', hint: 'Resolve, Avid: import the timeline, relink the video' },
  ffmpeg: { label: 'Render script (macOS/Linux)', hint: 'Run it beside the video: ffmpeg makes the tightened file' },
  'ffmpeg-bat': { label: 'Render script (Windows)', hint: 'Run it beside the video: ffmpeg makes the tightened file' },
};

/** The edit as a file for the creator's editor, named as the API names it. */
export async function fetchEditExport(reportId: string, format: EditExportFormat): Promise<{ blob: Blob; filename: string }> {
  const file = await exportReportEdit({ path: { reportId }, query: { format }, parseAs: 'blob', throwOnError: true });
  return { blob: file.data as Blob, filename: filenameFromDisposition(file.response.headers.get('content-disposition')) ?? `edit.${format}` };
}
