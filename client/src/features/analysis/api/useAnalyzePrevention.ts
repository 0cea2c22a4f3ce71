import { analyzePrevention } from '@preflight/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackStyle } from '@preflight/shared';
import { dashboardReportsKey } from '../../../shared/api/queryKeys';
import { reportDataKey } from './useReportData';

/** Re-derives the report with another feedback style, then reloads the report data and the dashboard list. */
export function useAnalyzePrevention(reportId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (feedbackStyle: FeedbackStyle) =>
      (await analyzePrevention({ path: { reportId: reportId! }, body: { feedbackStyle }, throwOnError: true })).data,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: reportDataKey(reportId ?? '') }),
        client.invalidateQueries({ queryKey: dashboardReportsKey }),
      ]);
    },
  });
}
