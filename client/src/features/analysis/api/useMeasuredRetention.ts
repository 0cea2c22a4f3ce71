import { addMeasuredRetention, deleteMeasuredRetention, getMeasuredRetention } from '@preflight/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeasuredRetentionView } from '@preflight/shared';

export const measuredRetentionKey = (reportId: string) => ['measuredRetention', reportId] as const;

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
    onSuccess: (view) => client.setQueryData(measuredRetentionKey(reportId), view),
  });
}

export function useDeleteMeasuredRetention(reportId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await deleteMeasuredRetention({ path: { reportId }, throwOnError: true });
    },
    onSuccess: () => client.setQueryData<MeasuredRetentionView>(measuredRetentionKey(reportId), { measured: null }),
  });
}
