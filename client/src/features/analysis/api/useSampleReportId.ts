import { listPublicReports } from '@preflight/sdk';
import { useQuery } from '@tanstack/react-query';

export const publicReportsKey = ['public', 'reports'] as const;

/** The first public sample report's id (the Analysis page without `id`); null when there is none. */
export function useSampleReportId(enabled: boolean) {
  return useQuery({
    queryKey: publicReportsKey,
    queryFn: async () => (await listPublicReports({ throwOnError: true })).data,
    enabled,
    retry: false,
    select: (reports) => reports[0]?.id ?? null,
  });
}
