import { analyzePrevention } from '@preflight/sdk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeedbackStyle, PlatformChoice } from '@preflight/shared';
import { dashboardReportsKey } from '../../../shared/api/queryKeys';
import { reportDataKey } from './useReportData';

/** What to re-derive with: another feedback style, another target platform, or both (the rest stays the report's). */
export interface RederiveChoice {
  feedbackStyle?: FeedbackStyle;
  platform?: PlatformChoice;
}

/** Re-derives the report (no new decode), then reloads the report data and the dashboard list. */
export function useAnalyzePrevention(reportId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (choice: RederiveChoice) =>
      (await analyzePrevention({ path: { reportId: reportId! }, body: choice, throwOnError: true })).data,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: reportDataKey(reportId ?? '') }),
        client.invalidateQueries({ queryKey: dashboardReportsKey }),
      ]);
    },
  });
}
