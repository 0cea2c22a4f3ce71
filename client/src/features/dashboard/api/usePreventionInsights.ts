import { getPreventionInsights } from '@preflight/sdk';
import { useQuery } from '@tanstack/react-query';

export const preventionInsightsKey = ['prevention', 'insights'] as const;

/** Most frequent issue categories, risk trend and recommendations (Growth Insights). */
export function usePreventionInsights(enabled = true) {
  return useQuery({
    queryKey: preventionInsightsKey,
    queryFn: async () => (await getPreventionInsights({ throwOnError: true })).data,
    enabled,
  });
}
