import { getQueueToken } from '@nestjs/bullmq';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { QueueName } from '../../src/jobs/queues';
import { KEY_OTHER_ROUTE } from '../../src/modules/upload/idempotency/idempotency-store';
import { FREE_ANALYSIS_USED_MESSAGE } from '../../src/modules/subscriptions/trial-gate.service';
import { startListeningApi } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

jest.setTimeout(240_000);

/**
 * Idempotency-Key on POST /api/upload and the tus creation request: concurrent and later retries with one key get the
 * first answer; one report, one queued job, one free analysis spent. No worker runs, so the queue shows every job made.
 */
describe('idempotent uploads (real PostgreSQL, Redis, ffmpeg)', () => {
  let api: NestExpressApplication;
  let baseUrl: string;
  let db: DataSource;
  let queue: Queue;
  let media: string;
  let video: string;
  const http = () => request(baseUrl);
  const signedIn = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const writeKey = async (user: TestUser) =>
    (await http().post('/api/keys').set(signedIn(user)).send({ name: 'pipeline', scope: 'write' }).expect(201)).body.key as string;
  const reportsOf = async (user: TestUser) =>
    (await db.query('SELECT r.id FROM reports r JOIN users u ON u.id = r.user_id WHERE u.firebase_uid = $1', [user.uid])) as { id: string }[];
  const queuedFor = async (reportIds: string[]) => (await Promise.all(reportIds.map((id) => queue.getJob(id)))).filter(Boolean).length;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-idempotency-'));
    video = (await makeTalkingVideo({ dir: media, seconds: 3, width: 320, height: 568, name: 'retry' })).path;
    ({ api, baseUrl } = await startListeningApi());
    db = api.get<DataSource>(getDataSourceToken());
    queue = api.get<Queue>(getQueueToken(QueueName.Analysis));
  });
  afterAll(async () => {
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('six concurrent multipart retries with one key: one report, one job, the same answer to all; later retries too, not a 402', async () => {
    const user = await createTestUser('Pipeline');
    const key = await writeKey(user);
    const idempotencyKey = randomUUID();
    const send = () => http().post('/api/upload').set({ Authorization: `Bearer ${key}`, 'Idempotency-Key': idempotencyKey }).attach('file', video);
    const answers = await Promise.all(Array.from({ length: 6 }, send));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const reportIds = new Set(answers.map((a) => a.body.reportId as string));
    expect(reportIds.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(5);

    const later = await send().expect(200);
    expect(later.body).toEqual(answers[0].body);
    expect(later.headers['idempotent-replayed']).toBe('true');

    const reports = await reportsOf(user);
    expect(reports.map((r) => r.id)).toEqual([...reportIds]);
    expect(await queuedFor(reports.map((r) => r.id))).toBe(1);
    // The free analysis was spent once: a new request (another key) is refused, so the retries really did not run.
    const fresh = await http().post('/api/upload').set({ Authorization: `Bearer ${key}`, 'Idempotency-Key': randomUUID() }).attach('file', video).expect(402);
    expect(fresh.body.message).toBe(FREE_ANALYSIS_USED_MESSAGE);
    // The same key on another request is refused rather than answered with the upload's answer.
    const tus = await fetch(`${baseUrl}/api/upload/tus`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': idempotencyKey, 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' },
    });
    expect(tus.status).toBe(422);
    expect(((await tus.json()) as { message: string }).message).toBe(KEY_OTHER_ROUTE);
  });

  it('a request that failed frees its key: the retry with it runs', async () => {
    const user = await createTestUser('Retry after failure');
    const idempotencyKey = randomUUID();
    await http().post('/api/upload').set({ ...signedIn(user), 'Idempotency-Key': idempotencyKey }).field('platform', 'tiktok').expect(400);
    const ok = await http().post('/api/upload').set({ ...signedIn(user), 'Idempotency-Key': idempotencyKey }).attach('file', video).expect(200);
    expect(ok.headers['idempotent-replayed']).toBeUndefined();
    expect((await reportsOf(user)).map((r) => r.id)).toEqual([ok.body.reportId]);
  });

  it('refuses an Idempotency-Key that is not 1–255 visible ASCII characters', async () => {
    const user = await createTestUser('Bad key');
    const res = await http().post('/api/upload').set({ ...signedIn(user), 'Idempotency-Key': 'x'.repeat(256) }).attach('file', video).expect(400);
    expect(res.body.message).toMatch(/Idempotency-Key/);
    expect(await reportsOf(user)).toEqual([]);
  });

  it('five concurrent tus creations with one key give one upload URL; finishing it makes one report and one job', async () => {
    const user = await createTestUser('Tus retries');
    const key = await writeKey(user);
    const bytes = readFileSync(video);
    const metadata = `filename ${Buffer.from('retry.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
    const headers = { Authorization: `Bearer ${key}`, 'Tus-Resumable': '1.0.0', 'Idempotency-Key': randomUUID() };
    const create = () => fetch(`${baseUrl}/api/upload/tus`, { method: 'POST', headers: { ...headers, 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata } });
    const created = await Promise.all(Array.from({ length: 5 }, create));
    expect(created.map((c) => c.status)).toEqual([201, 201, 201, 201, 201]);
    const locations = new Set(created.map((c) => c.headers.get('location')));
    expect(locations.size).toBe(1);
    expect(created.filter((c) => c.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);

    const url = new URL([...locations][0]!, baseUrl).toString();
    const patch = await fetch(url, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${key}`, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(bytes),
    });
    expect(patch.status).toBe(200);
    const { reportId } = (await patch.json()) as { reportId: string };
    // A retry of the creation after the upload finished still answers the same URL and starts nothing.
    const again = await create();
    expect(again.status).toBe(201);
    expect(again.headers.get('location')).toBe([...locations][0]);
    const reports = await reportsOf(user);
    expect(reports.map((r) => r.id)).toEqual([reportId]);
    expect(await queuedFor([reportId])).toBe(1);
  });
});
