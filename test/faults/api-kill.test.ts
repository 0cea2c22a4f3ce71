import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { envSchema } from '../../src/config/env.schema';
import { MULTIPART_UPLOAD_PREFIX } from '../../src/infra/storage/multipart-partial';
import { createTestUser } from '../support/firebase-emulator';
import { startTestStack, type TestStack } from '../support/stack';
import { TusTestClient } from '../support/tus-client';
import { waitUntil } from '../support/wait';

jest.setTimeout(300_000);

// The stack runs with the product's default storage folder, as `npm start` does.
const uploadsDir = join(resolve(envSchema.parse({ ...process.env, STORAGE_DIR: undefined }).STORAGE_DIR), 'uploads');
const partials = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).filter((f) => f.startsWith(MULTIPART_UPLOAD_PREFIX)) : []);

/** The built API and worker as real, supervised processes; the API is killed by PID while bodies are arriving. */
describe('the API killed with SIGKILL in the middle of an upload', () => {
  let stack: TestStack;
  let media: string;
  let video: Buffer;

  beforeAll(async () => {
    stack = await startTestStack();
    media = mkdtempSync(join(tmpdir(), 'preflight-api-kill-'));
    video = await readFile((await makeTalkingVideo({ dir: media, seconds: 8, width: 320, height: 240, name: 'kill' })).path);
  });

  afterAll(async () => {
    await stack?.stop();
    rmSync(media, { recursive: true, force: true });
  });

  const restartApi = async () => {
    const deadPid = stack.pid('api');
    const newPid = await stack.kill('api', 'SIGKILL');
    expect(newPid).not.toBe(deadPid);
    await waitUntil(async () => (await fetch(`${stack.baseUrl}/api/health`).catch(() => null))?.ok, 'the restarted API', 60_000);
  };

  it('multipart: no report, the free analysis unspent, and the partial file gone within a minute', async () => {
    const user = await createTestUser('Killed Multipart');
    const auth = { Authorization: `Bearer ${user.idToken}` };
    const before = new Set(partials());

    // Half the file goes out, then the request waits (as a slow uplink would) while the API is killed.
    const boundary = '----preflightkill';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kill.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const req = request(`${stack.baseUrl}/api/upload/`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + video.length + tail.length) },
    });
    const ended = new Promise<string>((done) => {
      req.on('error', (error) => done(`error: ${error.message}`));
      req.on('response', (res) => done(`status ${res.statusCode}`));
    });
    req.write(head);
    req.write(video.subarray(0, video.length >> 1));
    const partial = await waitUntil(async () => partials().find((f) => !before.has(f)), 'the partial upload on disk', 30_000, 50);

    await restartApi();
    expect(await ended).toMatch(/^error/); // the client saw the connection drop, not an answer
    await waitUntil(async () => !existsSync(join(uploadsDir, partial)), 'the partial upload to be removed', 90_000, 500);

    const reports = (await (await fetch(`${stack.baseUrl}/api/dashboard/reports`, { headers: auth })).json()) as { reports: unknown[] };
    expect(reports.reports).toEqual([]);
    const plan = (await (await fetch(`${stack.baseUrl}/api/subscription/status`, { headers: auth })).json()) as { analysesLeft: number; freeAnalyses: number };
    expect(plan.analysesLeft).toBe(plan.freeAnalyses);
  });

  it('tus: the offset survives the kill, the upload resumes where it stopped and the analysis completes', async () => {
    const user = await createTestUser('Killed Tus');
    const auth = { Authorization: `Bearer ${user.idToken}` };
    const tus = new TusTestClient(stack.baseUrl, user.idToken);
    const created = await tus.create(video.length, { filename: 'resume.mp4', filetype: 'video/mp4' });
    expect(created.status).toBe(201);
    const half = video.length >> 1;
    expect((await tus.patch(created.location!, 0, video.subarray(0, half))).status).toBe(204);

    await restartApi();
    expect(await tus.offset(created.location!)).toEqual({ status: 200, offset: half });
    const done = await tus.patch(created.location!, half, video.subarray(half));
    expect(done.status).toBe(200); // the final PATCH answers the new report
    const { reportId } = JSON.parse(done.body) as { reportId: string };
    const final = await waitUntil(async () => {
      const s = (await (await fetch(`${stack.baseUrl}/api/status/${reportId}`, { headers: auth })).json()) as { status: string };
      return s.status === 'processing' ? null : s;
    }, 'the analysis to finish', 180_000, 500);
    expect(final).toMatchObject({ status: 'completed' });
  });
});
