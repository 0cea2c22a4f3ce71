import { API_BASE_URL } from '../../../shared/api';

/**
 * The report a signed-in creator opens, requested as the app boots (preloadFirstPage) with the remembered creator's
 * token, instead of after the page's scripts have run and rendered: on a phone's connection the report is there
 * when the page first asks for it. Only the first ask takes it; anything but a 200 leaves the page to fetch as usual
 * (with the API wrapper's token refresh and error handling).
 */
const early = new Map<string, Promise<unknown>>();

/** Report ids are UUIDs; anything else is left to the page. */
const REPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function fetchReportEarly(reportId: string, idToken: string, fetchImpl: typeof fetch = fetch): void {
  if (!REPORT_ID.test(reportId) || early.has(reportId)) return;
  const url = `${API_BASE_URL}/reports/${reportId}_data/report.json`;
  const report = fetchImpl(url, { headers: { authorization: `Bearer ${idToken}` } })
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
    .catch(() => null);
  early.set(reportId, report);
}

/** The early request's report JSON, once; null when there was none or it did not succeed. */
export function takeEarlyReport(reportId: string): Promise<unknown> {
  const report = early.get(reportId) ?? Promise.resolve(null);
  early.delete(reportId);
  return report;
}
