import { describe, expect, it, vi } from 'vitest';
import { fetchReportEarly, requestReportEarly, takeEarlyReport } from './earlyReport';

const id = (n: number) => `0000000${n}-1111-2222-3333-444444444444`;
/** A page's path under the app's base (/app/ in the build). */
const page = (name: string) => `${import.meta.env.BASE_URL}${name}`;

describe('earlyReport', () => {
  it('fetches the report once with the bearer token, and hands it over once', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ id: 'r' }), { status: 200, headers: { 'content-type': 'application/json' } }));
    fetchReportEarly(id(1), 'tok', fetchImpl);
    fetchReportEarly(id(1), 'tok', fetchImpl);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(fetchImpl).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`/reports/${id(1)}_data/report\\.json$`)), { headers: { authorization: 'Bearer tok' } });
    expect(await takeEarlyReport(id(1))).toEqual({ id: 'r' });
    expect(await takeEarlyReport(id(1))).toBeNull(); // a refetch goes the usual way
  });

  it('leaves a refused or failed request to the page', async () => {
    fetchReportEarly(id(2), 'old', async () => new Response('{}', { status: 401 }));
    expect(await takeEarlyReport(id(2))).toBeNull();
    fetchReportEarly(id(3), 'tok', async () => Promise.reject(new TypeError('offline')));
    expect(await takeEarlyReport(id(3))).toBeNull();
  });

  it('requests nothing for an id that is not a report id', () => {
    const fetchImpl = vi.fn();
    fetchReportEarly('../../api/me', 'tok', fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('is started for the report page of a creator whose remembered token is still fresh, and nothing else', async () => {
    const fresh = { uid: 'u', displayName: null, email: null, photoURL: null, idToken: 'fresh-token', expiresAt: Date.now() + 30 * 60_000 };
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{"id":"r"}', { status: 200 }));
    requestReportEarly(page('dashboard'), `?id=${id(4)}`, fresh);
    requestReportEarly(page('analysis'), `?id=${id(5)}`, { ...fresh, expiresAt: Date.now() + 30_000 }); // stale: Firebase refreshes it first
    requestReportEarly(page('analysis'), `?id=${id(6)}`, null);
    requestReportEarly(page('analysis'), '', fresh);
    expect(fetchSpy).not.toHaveBeenCalled();
    requestReportEarly(page('analysis'), `?id=${id(7)}`, fresh);
    expect(fetchSpy).toHaveBeenCalledWith(expect.stringContaining(`/reports/${id(7)}_data/report.json`), { headers: { authorization: 'Bearer fresh-token' } });
    expect(await takeEarlyReport(id(7))).toEqual({ id: 'r' });
  });
});
