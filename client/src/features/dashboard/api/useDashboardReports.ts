import { listDashboardReports, type DashboardReportDto } from '@preflight/sdk';
import { useQuery } from '@tanstack/react-query';
import { dashboardReportsKey } from '../../../shared/api/queryKeys';
import { isProcessingStatus } from '../../../shared/reports';

export const DASHBOARD_PAGE_SIZE = 50;
export const DASHBOARD_POLL_MS = 5_000;
export { dashboardReportsKey };

export type DashboardReport = DashboardReportDto;

/** The caller's reports, newest first; polled every 5 s while any is processing. */
export function useDashboardReports() {
  return useQuery({
    queryKey: dashboardReportsKey,
    queryFn: async () => {
      const { data } = await listDashboardReports({ query: { page: 1, pageSize: DASHBOARD_PAGE_SIZE }, throwOnError: true });
      return data;
    },
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.reports.some((r) => isProcessingStatus(r.status)) ? DASHBOARD_POLL_MS : false),
  });
}
