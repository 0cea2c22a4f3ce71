import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { makeTalkingVideo } from '../../scripts/media/generate';
import type { Queue } from 'bullmq';
import { startApiMetricsServer } from '../../src/bootstrap-api';
import { startMetricsServer } from '../../src/infra/metrics/metrics-endpoint';
import { QueueName } from '../../src/jobs/queues';
import { startApiApp, startWorker } from '../support/api-app';
import { createTestUser } from '../support/firebase-emulator';
import { waitUntil } from '../support/wait';

jest.setTimeout(240_000);

/** One value of a metric series from Prometheus' text format (labels in any order). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return null;
}

/** The API and a worker in this process share one registry: one scrape shows both sides of an upload → PDF. */
describe('Prometheus metrics and request ids', () => {
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let media: string;
  let video: string;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-metrics-'));
    video = (await makeTalkingVideo({ dir: media, seconds: 6, width: 320, height: 240, name: 'metrics' })).path;
    api = await startApiApp();
    worker = await startWorker();
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('count requests by route pattern, upload bytes, queue depth and wait, analysis time and its ratio, PDF render time', async () => {
    const user = await createTestUser('Metrics');
    const auth = { Authorization: `Bearer ${user.idToken}` };
    const http = () => request(api.getHttpServer());
    const upload = await http().post('/api/upload/').set(auth).set('X-Request-Id', 'upload-trace-0001').attach('file', video).expect(200);
    const { reportId } = upload.body as { reportId: string };
    // The upload request's id travels with the job, so the worker's log lines can be matched with the API's.
    const job = await worker.get<Queue>(getQueueToken(QueueName.Analysis)).getJob(reportId);
    expect(job?.data).toEqual({ reportId, requestId: 'upload-trace-0001' });
    await waitUntil(async () => (await http().get(`/api/status/${reportId}`).set(auth)).body.status === 'completed', 'the analysis', 180_000, 200);
    await http().post(`/public/prevention/pdf/${reportId}`).set(auth).expect(200);

    // The API's metrics port (issue 29: never the API's own port).
    const metricsServer = (await startApiMetricsServer(api, { host: '127.0.0.1', port: 0 }))!;
    const scrape = await fetch(`http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}/metrics`).finally(() => metricsServer.close());
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await scrape.text();
    // Route patterns, never raw ids.
    expect(sample(text, 'preflight_http_request_duration_seconds_count', { method: 'POST', route: '/api/upload', status: '200' })).toBe(1);
    expect(sample(text, 'preflight_http_request_duration_seconds_count', { method: 'GET', route: '/api/status/:reportId', status: '200' })).toBeGreaterThan(0);
    expect(text).not.toContain(reportId);
    expect(sample(text, 'preflight_upload_bytes_total', { protocol: 'multipart' })).toBe(statSync(video).size);
    expect(sample(text, 'preflight_queue_jobs', { queue: 'analysis', state: 'completed' })).toBeGreaterThanOrEqual(1);
    // At least once: on a machine whose cores are all busy BullMQ may find the job's lock lapsed and start it again.
    expect(sample(text, 'preflight_queue_wait_seconds_count', { queue: 'analysis' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'preflight_analysis_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'preflight_analysis_duration_ratio_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'preflight_analysis_duration_ratio_sum')).toBeGreaterThan(0);
    expect(sample(text, 'preflight_pdf_render_seconds_count')).toBe(1);
    expect(sample(text, 'preflight_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('are served by a worker on its own port, to a scraper presenting the token', async () => {
    const server = (await startMetricsServer({ host: '127.0.0.1', port: 0, token: 'scrape-token-0123456789' }))!;
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
      expect((await fetch(url)).status).toBe(404);
      expect((await fetch(url, { headers: { Authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(404);
      const ok = await fetch(url, { headers: { Authorization: 'Bearer scrape-token-0123456789' } });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain('preflight_analysis_duration_seconds_bucket');
    } finally {
      server.close();
    }
  });
});
