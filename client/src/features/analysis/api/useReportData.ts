import { getReportData } from '@preflight/sdk';
import { useQuery } from '@tanstack/react-query';

export const reportDataKey = (reportId: string) => ['reportData', reportId] as const;

/** The report data file `/reports/{id}_data/report.json` (owner's bearer token, or public for the sample reports). */
export function useReportData(reportId: string | null) {
  return useQuery({
    queryKey: reportDataKey(reportId ?? ''),
    queryFn: async () => (await getReportData({ path: { folder: `${reportId}_data` }, throwOnError: true })).data as unknown,
    enabled: !!reportId,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
