import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApiMetricsServer } from '../../src/bootstrap-api';
import { startListeningApi } from '../support/api-app';

/**
 * Issue 29, item 9: the API served /metrics on its own port to any caller whose socket was local, so a reverse proxy
 * on the same machine (every visitor arrives from 127.0.0.1) let anyone read them. They are now on a port of their
 * own, as the worker's, which no proxy forwards.
 */
describe('API metrics on their own port', () => {
  let api: NestExpressApplication;
  let baseUrl: string;
  let metrics: Server;

  beforeAll(async () => {
    ({ api, baseUrl } = await startListeningApi());
    metrics = (await startApiMetricsServer(api, { host: '127.0.0.1', port: 0 }))!;
  });
  afterAll(async () => {
    metrics?.close();
    await api?.close();
  });

  it('are not served on the API port, even to a local caller such as a reverse proxy', async () => {
    await fetch(`${baseUrl}/api/health`).catch(() => undefined); // something to count
    for (const headers of [{}, { 'X-Forwarded-For': '203.0.113.9' }] as Array<Record<string, string>>) {
      const res = await fetch(`${baseUrl}/metrics`, { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('preflight_');
    }
  });

  it('are served on the metrics port with the API figures (requests by route, queue depth)', async () => {
    const res = await fetch(`http://127.0.0.1:${(metrics.address() as AddressInfo).port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('preflight_http_request_duration_seconds');
    expect(text).toMatch(/preflight_queue_jobs\{[^}]*queue="analysis"/);
  });
});
