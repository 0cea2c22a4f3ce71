import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { startListeningApi, startWorker } from '../support/api-app';
import { createTestUser } from '../support/firebase-emulator';

jest.setTimeout(420_000);

const ROOT = join(__dirname, '..', '..');

/** A free TCP port on loopback, for the example's webhook receiver. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * issue 30, "Done when": examples/upload-and-wait.ts, run as its own process with nothing but an API key, uploads a
 * video to the real stack (API, worker, PostgreSQL, Redis, ffmpeg, Chromium for the PDF), is told by a signed webhook
 * that the analysis is done, reads the report and downloads the PDF.
 */
describe('examples/upload-and-wait.ts against the real stack', () => {
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let baseUrl: string;
  let media: string;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-example-'));
    ({ api, baseUrl } = await startListeningApi());
    worker = await startWorker();
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('uploads with an API key, waits for the signed analysis.completed webhook, reads the report and saves the PDF', async () => {
    const video = (await makeTalkingVideo({ dir: media, seconds: 4, width: 360, height: 640, name: 'integrator-upload' })).path;
    // The creator's part, once, in the web app: an API key and a webhook endpoint (Settings).
    const creator = await createTestUser('Agency Pipeline');
    const signedIn = { Authorization: `Bearer ${creator.idToken}` };
    const key = (await request(baseUrl).post('/api/keys').set(signedIn).send({ name: 'pipeline', scope: 'write' }).expect(201)).body.key as string;
    const port = await freePort();
    const endpoint = await request(baseUrl)
      .post('/api/webhook-endpoints')
      .set(signedIn)
      .send({ url: `http://127.0.0.1:${port}/`, events: ['analysis.completed', 'analysis.failed'] })
      .expect(201);

    const pdfPath = join(media, 'report.pdf');
    const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', join(ROOT, 'examples', 'upload-and-wait.ts'), video, pdfPath], {
      cwd: ROOT,
      // Only what the docs tell an integrator to set: nothing of the test run's database, Redis or Firebase.
      env: { PATH: process.env.PATH, PREFLIGHT_URL: baseUrl, PREFLIGHT_API_KEY: key, PREFLIGHT_WEBHOOK_SECRET: endpoint.body.secret as string, WEBHOOK_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });

    const result = JSON.parse(stdout.trim().split('\n').pop()!) as { reportId: string; status: string; pdfBytes: number };
    expect(result.status).toBe('completed');
    expect(result.pdfBytes).toBeGreaterThan(10_000);
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    // The delivery log shows the webhook delivered on the first attempt, and the key as used.
    const log = await request(baseUrl).get(`/api/webhook-endpoints/${endpoint.body.id as string}/deliveries`).set(signedIn).expect(200);
    expect(log.body).toEqual([expect.objectContaining({ event_type: 'analysis.completed', status: 'delivered', attempts: 1, response_code: 204 })]);
    const keys = await request(baseUrl).get('/api/keys').set(signedIn).expect(200);
    expect(keys.body[0].last_used_at).not.toBeNull();
  });
});
