import { listDashboardReports } from '@preflight/sdk';
import { useQuery } from '@tanstack/react-query';
import { dashboardReportsKey } from '../../api/queryKeys';
import { isCompletedStatus } from '../../reports';

/** The creator's finished reports other than `reportId`, newest first (the dashboard's list, from the same cache). */
export function useOtherVersions(reportId: string, enabled: boolean) {
  return useQuery({
    queryKey: dashboardReportsKey,
    queryFn: async () => (await listDashboardReports({ query: { page: 1, pageSize: 50 }, throwOnError: true })).data,
    enabled,
    select: (page) => page.reports.filter((r) => r.id !== reportId && isCompletedStatus(r.status)),
  });
}
