import { getPreventionMetrics } from '@preflight/sdk';
import { useQuery } from '@tanstack/react-query';

export const preventionMetricsKey = ['prevention', 'metrics'] as const;

/** Averages and totals over the caller's reports (Growth Insights). */
export function usePreventionMetrics(enabled = true) {
  return useQuery({
    queryKey: preventionMetricsKey,
    queryFn: async () => (await getPreventionMetrics({ throwOnError: true })).data,
    enabled,
  });
}
