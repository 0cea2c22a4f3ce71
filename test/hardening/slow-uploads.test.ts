import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { crawlingMessage, SHUTDOWN_MESSAGE, stalledMessage } from '../../src/common/upload-pace';
import { tooManyUploadsMessage, UploadSlots } from '../../src/modules/upload/upload-slots';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { byteByByte, multipartHead, slowSocket } from '../support/slow-socket';
import { TusTestClient } from '../support/tus-client';
import { waitUntil } from '../support/wait';

jest.setTimeout(120_000);

// The product's limits (30 s stall, 16 kB/s over 60 s, 5 uploads, 10 s headers checked every second), shortened.
const LIMITS = { stallMs: 1500, minBytesPerSecond: 16_000, windowMs: 3000 };
process.env.UPLOAD_STALL_MS = String(LIMITS.stallMs);
process.env.UPLOAD_PACE_WINDOW_MS = String(LIMITS.windowMs);
process.env.UPLOAD_MIN_BYTES_PER_SECOND = String(LIMITS.minBytesPerSecond);
process.env.UPLOADS_PER_USER = '2';
process.env.HTTP_HEADERS_TIMEOUT_MS = '1000';
process.env.HTTP_CONNECTIONS_CHECK_MS = '100';
/** Room for a busy machine: a cut comes within a tick (a tenth of the limit) of it, plus the linger of the close. */
const SLACK_MS = 4000;
/** A healthy pace: 8 KB every 100 ms is 80 kB/s, five times the floor. */
const HEALTHY = { chunk: Buffer.alloc(8 * 1024, 0x61), everyMs: 100 };

describe('slow uploads: stalled and crawling bodies cut, a cap per creator, slow headers, and a stop that does not wait (real API, PostgreSQL, Auth emulator)', () => {
  let app: NestExpressApplication;
  let port: number;
  let baseUrl: string;
  let alice: TestUser;
  let aliceId: string;
  let media: string;

  beforeAll(async () => {
    app = await startApiApp();
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
    port = Number(new URL(baseUrl).port);
    alice = await createTestUser('Alice Slowpoke');
    aliceId = ((await (await fetch(`${baseUrl}/api/me`, { headers: { Authorization: `Bearer ${alice.idToken}` } })).json()) as { id: string }).id;
    media = mkdtempSync(join(tmpdir(), 'preflight-slow-uploads-'));
  });
  afterAll(async () => {
    await app?.close().catch(() => undefined); // the last test closes it
    rmSync(media, { recursive: true, force: true });
  });
  const slots = () => app.get(UploadSlots).openFor(aliceId);

  it('cuts a multipart upload that stalls (no byte for the stall limit) with a 408 that says so', async () => {
    const client = slowSocket(port, multipartHead(alice.idToken, 10_000_000) + 'x'.repeat(1000));
    const answer = await client.answer;
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ statusCode: 408, message: stalledMessage(LIMITS) });
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(LIMITS.stallMs);
    expect(answer.elapsedMs).toBeLessThan(LIMITS.stallMs + SLACK_MS);
    await waitUntil(async () => slots() === 0 || null, 'the slot to be given back', 10_000, 50);
  });

  it('cuts a multipart upload that crawls (a byte every 100 ms, never a stall) once a window averages under the floor', async () => {
    const client = slowSocket(port, multipartHead(alice.idToken, 10_000_000), { chunk: Buffer.from('y'), everyMs: 100 });
    const answer = await client.answer;
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ statusCode: 408, message: crawlingMessage(LIMITS) });
    expect(answer.body?.message).toBe('The upload is too slow: under 16 kB/s over the last 3 s. Check the connection and send it again (a resumable upload continues from where it stopped).');
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(LIMITS.windowMs);
    expect(answer.elapsedMs).toBeLessThan(LIMITS.windowMs + SLACK_MS);
  });

  it('leaves an upload at a healthy pace alone for longer than both limits', async () => {
    const client = slowSocket(port, multipartHead(alice.idToken, 100_000_000), HEALTHY);
    await waitUntil(async () => client.sent() >= 80 * 1024 * ((LIMITS.windowMs + LIMITS.stallMs) / 1000) || null, 'more than a window and a stall of healthy sending', 60_000, 50);
    expect(slots()).toBe(1); // still open, not cut
    client.stop();
    expect((await client.answer).status).toBeNull();
    await waitUntil(async () => slots() === 0 || null, 'the slot to be given back', 10_000, 50);
  });

  it('a tus PATCH that crawls is cut; the bytes that arrived are kept and the upload resumes from its offset to the end', async () => {
    const video = await readFile((await makeTalkingVideo({ dir: media, seconds: 2, width: 160, height: 120, name: 'slow-tus' })).path);
    // Its own creator: the finished upload uses her free analysis, which Alice's uploads below still need.
    const carol = await createTestUser('Carol Resumer');
    const tus = new TusTestClient(baseUrl, carol.idToken);
    const created = await tus.create(video.length, { filename: 'slow.mp4', filetype: 'video/mp4' });
    expect(created.status).toBe(201);
    const first = video.subarray(0, Math.min(16 * 1024, video.length >> 1));
    const path = new URL(created.location!).pathname;
    const head =
      `PATCH ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${carol.idToken}\r\nTus-Resumable: 1.0.0\r\n` +
      `Upload-Offset: 0\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: ${video.length}\r\n\r\n`;
    // Then the video's next bytes, one every 100 ms (10 B/s): never a stall, far under the floor.
    const client = slowSocket(port, Buffer.concat([Buffer.from(head), first]), { chunk: (n) => byteByByte(video.subarray(first.length))(n), everyMs: 100 });
    const answer = await client.answer;
    expect(answer.status).toBe(408);
    expect(answer.body?.message).toBe(crawlingMessage(LIMITS));

    // What arrived is kept (the first part and the bytes that trickled after it), and the upload goes on from there.
    const { offset } = await waitUntil(async () => {
      const at = await tus.offset(created.location!);
      return at.status === 200 && at.offset >= first.length ? at : null;
    }, 'the offset of what arrived', 30_000, 100);
    expect(offset).toBeLessThanOrEqual(first.length + client.sent());
    const rest = await tus.patch(created.location!, offset, video.subarray(offset));
    expect(rest.status).toBe(200);
    expect(JSON.parse(rest.body)).toHaveProperty('reportId');
  });

  it('a creator has at most UPLOADS_PER_USER uploads open at once: the next one is 429 with a clear message, until one ends', async () => {
    const open = [slowSocket(port, multipartHead(alice.idToken, 100_000_000), HEALTHY), slowSocket(port, multipartHead(alice.idToken, 100_000_000), HEALTHY)];
    try {
      await waitUntil(async () => slots() === 2 || null, 'both uploads to be open', 20_000, 50);
      const third = await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${alice.idToken}` }, body: new FormData() });
      expect(third.status).toBe(429);
      expect(await third.json()).toMatchObject({ statusCode: 429, message: tooManyUploadsMessage(2) });
      expect(tooManyUploadsMessage(2)).toBe('You already have 2 uploads in progress: wait for one to finish, then send this one.');
      // tus creation and PATCH count too.
      const tus = await new TusTestClient(baseUrl, alice.idToken).create(1000, { filename: 'a.mp4', filetype: 'video/mp4' });
      expect(tus.status).toBe(429);
      expect(JSON.parse(tus.body)).toMatchObject({ message: tooManyUploadsMessage(2) });
      // Another creator is not held back by Alice's uploads.
      const bob = await createTestUser('Bob Unhurried');
      const bobs = await new TusTestClient(baseUrl, bob.idToken).create(1000, { filename: 'b.mp4', filetype: 'video/mp4' });
      expect(bobs.status).toBe(201);
      open[0].stop();
      await waitUntil(async () => slots() === 1 || null, 'the first upload to give its slot back', 10_000, 50);
      const again = await new TusTestClient(baseUrl, alice.idToken).create(1000, { filename: 'c.mp4', filetype: 'video/mp4' });
      expect(again.status).toBe(201);
    } finally {
      for (const client of open) client.stop();
    }
  });

  it('answers headers sent a byte at a time with 408 within the headers limit (checked every 100 ms), not 30 s later', async () => {
    const head = Buffer.from(`POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${alice.idToken}\r\n`);
    const client = slowSocket(port, head.subarray(0, 1), { chunk: byteByByte(head.subarray(1)), everyMs: 200 });
    const answer = await client.answer;
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ statusCode: 408, message: 'The request took too long to arrive.' });
    expect(answer.elapsedMs).toBeLessThan(1000 + 1500);
  });

  it('a stop with uploads open answers them 503 at once and closes within seconds', async () => {
    const open = [slowSocket(port, multipartHead(alice.idToken, 100_000_000), HEALTHY), slowSocket(port, multipartHead(alice.idToken, 100_000_000), HEALTHY)];
    await waitUntil(async () => slots() === 2 || null, 'both uploads to be open', 20_000, 50);
    const t0 = Date.now();
    await app.close();
    const closedIn = Date.now() - t0;
    const answers = await Promise.all(open.map((c) => c.answer));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ statusCode: 503, message: SHUTDOWN_MESSAGE });
      expect(answer.text).toMatch(/\r\nRetry-After: 5\r\n/i);
    }
    expect(closedIn).toBeLessThan(5000);
  });
});
