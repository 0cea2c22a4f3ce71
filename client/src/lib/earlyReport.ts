import { API_BASE_URL } from './apiBaseUrl';
import { freshToken, readRememberedSession, type RememberedSession } from './rememberedSession';

/**
 * The report a signed-in creator opens, requested by the entry (main.tsx) with the remembered creator's token as the
 * page starts, beside the app's scripts instead of after they have downloaded, run and rendered: on a phone's
 * connection the report is there when the page first asks for it. Only the first ask takes it; anything but a 200 leaves the page to fetch as usual
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

/** Starts the request for the report `/app/analysis?id=…` shows, when a creator with a fresh token is remembered. */
export function requestReportEarly(pathname: string, search: string, session: RememberedSession | null = readRememberedSession()): void {
  const token = session && freshToken(session);
  const reportId = new URLSearchParams(search).get('id');
  const onReportPage = pathname.replace(/\/+$/, '') === `${import.meta.env.BASE_URL}analysis`;
  if (onReportPage && token && reportId) fetchReportEarly(reportId, token);
}
