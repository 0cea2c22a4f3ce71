import { getReportData } from '@preflight/sdk';
import { toReportView, type ReportView, type ServedReport } from '@preflight/shared';
import { parseServedReport } from '../../../shared/reports/validation';
import { takeEarlyReport } from '../../../lib/earlyReport';
import { useQuery } from '@tanstack/react-query';

export const reportDataKey = (reportId: string) => ['reportData', reportId] as const;

/**
 * The report data file `/reports/{id}_data/report.json` (owner's bearer token, or public for the sample reports),
 * validated once with the engine's own schema and mapped to the one report view every surface renders. A response
 * that is not a report fails here, with the path of the first problem, instead of somewhere in a component.
 *
 * The cache holds the validated report (plain JSON, so a server-rendered page can carry it: entry-server.tsx); the
 * view is derived from it once per report (`select` with a stable function).
 */
export function useReportData(reportId: string | null) {
  return useQuery<ServedReport, Error, ReportView>({
    queryKey: reportDataKey(reportId ?? ''),
    queryFn: async () => parseServedReport((await takeEarlyReport(reportId!)) ?? (await getReportData({ path: { folder: `${reportId}_data` }, throwOnError: true })).data),
    select: toReportView,
    enabled: !!reportId,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
