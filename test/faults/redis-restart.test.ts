import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { createTestUser } from '../support/firebase-emulator';
import { startTestStack, type TestStack } from '../support/stack';
import { waitUntil } from '../support/wait';

jest.setTimeout(300_000);

const root = join(__dirname, '..', '..');

/** A private Redis without persistence, so the test can restart it as production would lose it. */
function startRedis(port: number): ChildProcess {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
}

describe('Redis restarted without persistence while one analysis runs and two wait', () => {
  let redis: ChildProcess;
  let stack: TestStack;
  let media: string;
  let port: number;

  beforeAll(async () => {
    const services = (await import(join(root, 'scripts', 'lib', 'services.mjs'))) as {
      freePort(): Promise<number>;
      canConnect(host: string, port: number): Promise<boolean>;
    };
    port = await services.freePort();
    redis = startRedis(port);
    await waitUntil(async () => (await services.canConnect('127.0.0.1', port)) || null, 'redis-server', 20_000, 50);
    stack = await startTestStack({ REDIS_URL: `redis://127.0.0.1:${port}` });
    media = mkdtempSync(join(tmpdir(), 'preflight-redis-'));
  });

  afterAll(async () => {
    await stack?.stop();
    redis?.kill('SIGKILL');
    rmSync(media, { recursive: true, force: true });
  });

  it('loses no work: every report completes without restarting the product', async () => {
    const { path } = await makeTalkingVideo({ dir: media, seconds: 30, width: 320, height: 240, name: 'clip' });
    const body = await readFile(path);
    const creators = await Promise.all(['Ann', 'Ben', 'Cat'].map((name) => createTestUser(name)));
    const uploads: Array<{ auth: Record<string, string>; reportId: string }> = [];
    for (const user of creators) {
      const form = new FormData();
      form.append('file', new Blob([body], { type: 'video/mp4' }), 'clip.mp4');
      const auth = { Authorization: `Bearer ${user.idToken}` };
      const res = await fetch(`${stack.baseUrl}/api/upload/`, { method: 'POST', headers: auth, body: form });
      expect(res.status).toBe(200);
      uploads.push({ auth, reportId: ((await res.json()) as { reportId: string }).reportId });
    }
    // The API must keep answering while Redis is away (status comes from PostgreSQL): any other answer fails the test.
    const statusOf = async ({ auth, reportId }: (typeof uploads)[number]) => {
      const res = await fetch(`${stack.baseUrl}/api/status/${reportId}`, { headers: auth });
      expect(res.status).toBe(200);
      return ((await res.json()) as { status: string }).status;
    };

    // Restart Redis while the first analysis runs: the queued jobs and the schedules vanish with its memory.
    await waitUntil(async () => (await fetch(`${stack.baseUrl}/api/status/${uploads[0].reportId}`, { headers: uploads[0].auth }).then((r) => r.json()) as { progress: number }).progress > 5 || null, 'the first analysis to run', 60_000, 100);
    // At least the two waiting jobs are only in Redis at this moment (the first may be finishing on a fast machine).
    expect((await Promise.all(uploads.map(statusOf))).filter((s) => s === 'processing').length).toBeGreaterThanOrEqual(2);
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));
    redis = startRedis(port);

    const final = await waitUntil(async () => {
      const all = await Promise.all(uploads.map(statusOf));
      return all.every((s) => s !== 'processing') ? all : null;
    }, 'every report to finish after the restart', 240_000, 500);
    expect(final).toEqual(['completed', 'completed', 'completed']);
  });
});
