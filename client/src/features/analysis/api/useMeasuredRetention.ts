import { addMeasuredRetention, deleteMeasuredRetention, getCalibrationProgress, getMeasuredRetention, importFromYoutube } from '@preflight/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeasuredRetentionView } from '@preflight/shared';

export const measuredRetentionKey = (reportId: string) => ['measuredRetention', reportId] as const;
export const calibrationProgressKey = ['measuredRetention', 'progress'] as const;

/** How many of the creator's posted videos are measured, and how many the calibration needs. */
export function useCalibrationProgress() {
  return useQuery({
    queryKey: calibrationProgressKey,
    queryFn: async () => (await getCalibrationProgress({ throwOnError: true })).data,
    staleTime: 60_000,
  });
}

/** The owner's measured retention of a report against its prediction (`measured: null` until one is added). */
export function useMeasuredRetention(reportId: string | null) {
  return useQuery<MeasuredRetentionView>({
    queryKey: measuredRetentionKey(reportId ?? ''),
    queryFn: async () => (await getMeasuredRetention({ path: { reportId: reportId! }, throwOnError: true })).data as MeasuredRetentionView,
    enabled: !!reportId,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** Adds (or replaces) the curve from a spreadsheet's CSV text; the answer is the new comparison. */
export function useAddMeasuredRetention(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string) => (await addMeasuredRetention({ path: { reportId }, body: { csv }, throwOnError: true })).data as MeasuredRetentionView,
    onSuccess: (view) => {
      client.setQueryData(measuredRetentionKey(reportId), view);
      void client.invalidateQueries({ queryKey: calibrationProgressKey });
    },
  });
}

/** Imports the posted video's audience retention from the creator's YouTube connection (link or id). */
export function useImportFromYoutube(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (video: string) => (await importFromYoutube({ path: { reportId }, body: { video }, throwOnError: true })).data as MeasuredRetentionView,
    onSuccess: (view) => {
      client.setQueryData(measuredRetentionKey(reportId), view);
      void client.invalidateQueries({ queryKey: calibrationProgressKey });
    },
  });
}

export function useDeleteMeasuredRetention(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await deleteMeasuredRetention({ path: { reportId }, throwOnError: true });
    },
    onSuccess: () => {
      client.setQueryData<MeasuredRetentionView>(measuredRetentionKey(reportId), { measured: null });
      void client.invalidateQueries({ queryKey: calibrationProgressKey });
    },
  });
}
