import { Queue } from 'bullmq';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { QueueName } from '../../src/jobs/queues';
import { createTestUser } from '../support/firebase-emulator';
import { waitUntil } from '../support/wait';

jest.setTimeout(300_000);

interface Stack {
  baseUrl: string;
  restartWorker(): Promise<void>;
  stop(): Promise<void>;
}

/** The built API and worker as real processes (run `nest build` first; `npm test` does). */
describe('a worker killed in the middle of an analysis', () => {
  let stack: Stack;
  let media: string;

  beforeAll(async () => {
    const root = join(__dirname, '..', '..');
    const services = (await import(join(root, 'scripts', 'lib', 'services.mjs'))) as { freePort(): Promise<number> };
    const lib = (await import(join(root, 'scripts', 'lib', 'stack.mjs'))) as {
      stackEnv(o: Record<string, string>): Record<string, string>;
      startStack(env: Record<string, string>): Promise<Stack>;
    };
    stack = await lib.startStack(
      lib.stackEnv({
        PORT: String(await services.freePort()),
        DATABASE_URL: process.env.DATABASE_URL!,
        QUEUE_PREFIX: process.env.QUEUE_PREFIX!,
        STORAGE_DIR: process.env.STORAGE_DIR!,
        FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID!,
        FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
        LOG_LEVEL: 'error',
      }),
    );
    media = mkdtempSync(join(tmpdir(), 'preflight-crash-'));
  });

  afterAll(async () => {
    await stack?.stop();
    rmSync(media, { recursive: true, force: true });
  });

  it('is picked up again by a fresh worker and the report completes', async () => {
    const user = await createTestUser('Crash Test');
    const { path } = await makeTalkingVideo({ dir: media, seconds: 60, width: 640, height: 360, name: 'long-take' });
    const form = new FormData();
    form.append('file', new Blob([await import('node:fs/promises').then((fs) => fs.readFile(path))], { type: 'video/mp4' }), 'long-take.mp4');
    const auth = { Authorization: `Bearer ${user.idToken}` };
    const upload = await fetch(`${stack.baseUrl}/api/upload/`, { method: 'POST', headers: auth, body: form });
    expect(upload.status).toBe(200);
    const { reportId } = (await upload.json()) as { reportId: string };
    const status = async () => (await (await fetch(`${stack.baseUrl}/api/status/${reportId}`, { headers: auth })).json()) as {
      status: string;
      progress: number;
      currentStep: string;
      error: string | null;
    };

    // Kill the worker as soon as it has taken the job, as a crash mid-analysis would.
    const queue = new Queue(QueueName.Analysis, { connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }, prefix: process.env.QUEUE_PREFIX });
    try {
      await waitUntil(async () => (await (await queue.getJob(reportId))?.getState()) === 'active', 'the worker to take the job', 60_000, 20);
    } finally {
      await queue.close();
    }
    await stack.restartWorker();
    expect((await status()).status).toBe('processing'); // the kill really interrupted the analysis

    const final = await waitUntil(async () => {
      const s = await status();
      return s.status === 'processing' ? null : s;
    }, 'the analysis to complete after the crash', 240_000, 500);
    expect(final).toMatchObject({ status: 'completed', progress: 100, error: null });
  });
});
