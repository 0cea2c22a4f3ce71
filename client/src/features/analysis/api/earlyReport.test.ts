import { describe, expect, it, vi } from 'vitest';
import { fetchReportEarly, takeEarlyReport } from './earlyReport';

const id = (n: number) => `0000000${n}-1111-2222-3333-444444444444`;

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
});
