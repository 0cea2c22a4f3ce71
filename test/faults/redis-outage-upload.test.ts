import { Queue } from 'bullmq';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { QueueName } from '../../src/jobs/queues';
import { createTestUser } from '../support/firebase-emulator';
import { startTestStack, type TestStack } from '../support/stack';
import { waitUntil } from '../support/wait';

jest.setTimeout(300_000);

const root = join(__dirname, '..', '..');

/** A private Redis on a free port (never the machine's 6379), without persistence. */
function startRedis(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
}

/** Issue 29, item 2: an upload while Redis is down answers within seconds, and its analysis runs once Redis is back. */
describe('an upload while Redis is down', () => {
  let redis: ChildProcess;
  let stack: TestStack;
  let media: string;
  let port: number;
  let canConnect: (host: string, port: number) => Promise<boolean>;

  beforeAll(async () => {
    const services = (await import(join(root, 'scripts', 'lib', 'services.mjs'))) as {
      freePort(): Promise<number>;
      canConnect(host: string, port: number): Promise<boolean>;
    };
    canConnect = services.canConnect;
    port = await services.freePort();
    redis = startRedis(port);
    await waitUntil(async () => (await canConnect('127.0.0.1', port)) || null, 'redis-server', 20_000, 50);
    stack = await startTestStack({ REDIS_URL: `redis://127.0.0.1:${port}` });
    media = mkdtempSync(join(tmpdir(), 'preflight-redis-down-'));
  });

  afterAll(async () => {
    await stack?.stop();
    redis?.kill('SIGKILL');
    rmSync(media, { recursive: true, force: true });
  });

  it('is accepted within seconds with queued false, its outbox row is relayed once Redis is back, and it is analysed once', async () => {
    const { path } = await makeTalkingVideo({ dir: media, seconds: 10, width: 320, height: 240, name: 'clip' });
    const form = new FormData();
    form.append('file', new Blob([await readFile(path)], { type: 'video/mp4' }), 'clip.mp4');
    const user = await createTestUser('Queue Outage');
    const auth = { Authorization: `Bearer ${user.idToken}` };
    expect((await fetch(`${stack.baseUrl}/api/me`, { headers: auth })).status).toBe(200); // the creator exists before the outage

    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    expect(await canConnect('127.0.0.1', port)).toBe(false);

    const started = Date.now();
    const res = await fetch(`${stack.baseUrl}/api/upload/`, { method: 'POST', headers: auth, body: form, signal: AbortSignal.timeout(30_000) });
    const seconds = (Date.now() - started) / 1000;
    console.log(`redis-outage-upload: answered ${res.status} in ${seconds.toFixed(1)} s with Redis down`);
    expect(res.status).toBe(200);
    expect(seconds).toBeLessThan(10);
    const answer = (await res.json()) as { reportId: string; queued: boolean };
    expect(answer).toEqual({ reportId: expect.any(String), queued: false });

    const db = new Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    const outboxRows = async () => (await db.query('SELECT 1 FROM analysis_outbox WHERE report_id = $1', [answer.reportId])).rowCount;
    const queue = new Queue(QueueName.Analysis, { connection: { url: `redis://127.0.0.1:${port}` }, prefix: process.env.QUEUE_PREFIX });
    queue.on('error', () => undefined);
    try {
      expect(await outboxRows()).toBe(1); // committed with the report: the job is sure to be queued
      const status = await fetch(`${stack.baseUrl}/api/status/${answer.reportId}`, { headers: auth });
      expect(status.status).toBe(200);
      expect(((await status.json()) as { status: string }).status).toBe('processing');

      redis = startRedis(port);
      await waitUntil(async () => (await outboxRows()) === 0, 'the relay to queue the job', 60_000, 250);
      const final = await waitUntil(async () => {
        const s = (await (await fetch(`${stack.baseUrl}/api/status/${answer.reportId}`, { headers: auth })).json()) as { status: string };
        return s.status === 'processing' ? null : s;
      }, 'the analysis to finish', 180_000, 500);
      expect(final).toMatchObject({ status: 'completed' });
      await waitUntil(async () => (await (await queue.getJob(answer.reportId))?.getState()) === 'completed', 'BullMQ to record the job', 30_000, 100);
      expect((await queue.getJob(answer.reportId))!.attemptsStarted).toBe(1);
      // The free analysis was spent once, on this report: a second upload is refused as usual (402), not analysed.
      const again = new FormData();
      again.append('file', new Blob([await readFile(path)], { type: 'video/mp4' }), 'clip.mp4');
      expect((await fetch(`${stack.baseUrl}/api/upload/`, { method: 'POST', headers: auth, body: again })).status).toBe(402);
    } finally {
      await queue.close();
      await db.end();
    }
  });
});
