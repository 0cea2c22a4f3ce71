import { Queue } from 'bullmq';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { QueueName } from '../../src/jobs/queues';
import { createTestUser } from '../support/firebase-emulator';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { startTestStack, type TestStack } from '../support/stack';
import { waitUntil } from '../support/wait';

jest.setTimeout(420_000);

const root = join(__dirname, '..', '..');

/** Issue 29, item 1: PostgreSQL stopped in the middle of an analysis (its own server on a free port, never 5432). */
describe('PostgreSQL stopped while an analysis runs', () => {
  let pg: PrivatePostgres;
  let stack: TestStack;
  let media: string;

  beforeAll(async () => {
    const services = (await import(join(root, 'scripts', 'lib', 'services.mjs'))) as { freePort(): Promise<number> };
    pg = await startPrivatePostgres(await services.freePort(), ['preflight']);
    stack = await startTestStack({ DATABASE_URL: pg.url('preflight') });
    media = mkdtempSync(join(tmpdir(), 'preflight-pg-outage-'));
  });

  afterAll(async () => {
    await stack?.stop();
    await pg?.destroy();
    rmSync(media, { recursive: true, force: true });
  });

  it('API answers 503 with Retry-After, readiness names the database, the worker keeps its job and finishes it once the database is back', async () => {
    const user = await createTestUser('Outage');
    const auth = { Authorization: `Bearer ${user.idToken}` };
    const { path } = await makeTalkingVideo({ dir: media, seconds: 30, width: 320, height: 240, name: 'clip' });
    const body = await readFile(path);
    const upload = (token = auth) => {
      const form = new FormData();
      form.append('file', new Blob([body], { type: 'video/mp4' }), 'clip.mp4');
      return fetch(`${stack.baseUrl}/api/upload/`, { method: 'POST', headers: token, body: form });
    };
    const first = await upload();
    expect(first.status).toBe(200);
    const { reportId } = (await first.json()) as { reportId: string };
    const share = await fetch(`${stack.baseUrl}/api/prevention/reports/${reportId}/share`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ share_settings: { expiration_days: 1 } }),
    });
    const shareToken = share.ok ? (((await share.json()) as { token?: string; shareToken?: string }).token ?? null) : null;

    const queue = new Queue(QueueName.Analysis, { connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, prefix: process.env.QUEUE_PREFIX });
    try {
      await waitUntil(async () => (await (await queue.getJob(reportId))?.getState()) === 'active', 'the analysis to start', 120_000, 100);
      await pg.stop();

      // Every kind of route: signed in, public, share lookups, the upload itself.
      const probes: Array<[string, () => Promise<Response>]> = [
        ['GET /api/me', () => fetch(`${stack.baseUrl}/api/me`, { headers: auth })],
        ['GET /api/status', () => fetch(`${stack.baseUrl}/api/status/${reportId}`, { headers: auth })],
        ['GET /public/dashboard/reports', () => fetch(`${stack.baseUrl}/public/dashboard/reports`)],
        ['GET /public/prevention/share', () => fetch(`${stack.baseUrl}/public/prevention/share/${shareToken ?? 'a'.repeat(43)}`)],
        ['POST /api/upload', () => upload()],
      ];
      for (const [name, probe] of probes) {
        const res = await probe();
        const answer = { name, status: res.status, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type') };
        expect(answer).toEqual({ name, status: 503, retryAfter: expect.stringMatching(/^\d+$/), type: expect.stringContaining('application/json') });
        expect(await res.json()).toMatchObject({ statusCode: 503, error: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('database') });
      }
      const ready = await fetch(`${stack.baseUrl}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { message: string }).message).toMatch(/^Not ready: database/);
      expect((await fetch(`${stack.baseUrl}/api/health/live`)).status).toBe(200);

      // The worker finishes the analysis, finds the database away, and waits with its job (it says so in the job's log).
      await waitUntil(
        async () => (await queue.getJobLogs(reportId)).logs.find((line) => line.startsWith('database unreachable')),
        'the worker to wait for the database',
        240_000,
        250,
      );
      expect(await (await queue.getJob(reportId))!.getState()).toBe('active');

      await pg.start();
      const final = await waitUntil(async () => {
        const res = await fetch(`${stack.baseUrl}/api/status/${reportId}`, { headers: auth });
        if (!res.ok) return null;
        const status = (await res.json()) as { status: string; progress: number };
        return status.status === 'processing' ? null : status;
      }, 'the analysis to complete once the database is back', 120_000, 250);
      expect(final).toMatchObject({ status: 'completed', progress: 100 });
      const job = (await queue.getJob(reportId))!;
      expect(job.attemptsStarted).toBe(1); // kept, not failed and retried
      expect(stack.restarts('worker')).toBe(0); // never crashed
      expect(stack.restarts('api')).toBe(0);
      expect((await fetch(`${stack.baseUrl}/api/health/ready`)).status).toBe(200);
      expect((await fetch(`${stack.baseUrl}/api/me`, { headers: auth })).status).toBe(200);
    } finally {
      await queue.close();
    }
  });
});
