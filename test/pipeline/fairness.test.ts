import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { startApiApp, startWorker } from '../support/api-app';
import { createTestUser } from '../support/firebase-emulator';
import { waitUntil } from '../support/wait';

jest.setTimeout(300_000);

/** One creator's batch must not make another creator's single video wait behind the whole batch. */
describe('fair queueing across creators', () => {
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let db: DataSource;
  let media: string;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-fair-'));
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('runs a second creator’s video right after the job in progress, ahead of the first creator’s batch', async () => {
    const { path } = await makeTalkingVideo({ dir: media, seconds: 6, width: 320, height: 240, name: 'clip' });
    const [busy, other] = await Promise.all([createTestUser('Batch Creator'), createTestUser('Single Creator')]);
    await request(api.getHttpServer()).get('/api/me').set({ Authorization: `Bearer ${busy.idToken}` }).expect(200);
    const [{ id: busyId }] = await db.query('SELECT id FROM users WHERE firebase_uid = $1', [busy.uid]);
    await db.query(`INSERT INTO subscriptions (user_id, status, plan_type) VALUES ($1, 'active', 'creator_pro')`, [busyId]);

    const upload = async (user: typeof busy) =>
      (await request(api.getHttpServer()).post('/api/upload/').set({ Authorization: `Bearer ${user.idToken}` }).attach('file', path).expect(200)).body
        .reportId as string;
    const batch: string[] = [];
    for (let i = 0; i < 4; i += 1) batch.push(await upload(busy));
    const single = await upload(other);

    // The worker starts only now, with five jobs waiting: the batch's first, then the single video, then the rest.
    // One analysis at a time (the default on this 2-core machine), so the order of completion is the queue's order.
    process.env.WORKER_CONCURRENCY = '1';
    worker = await startWorker();
    delete process.env.WORKER_CONCURRENCY;
    const ids = [...batch, single];
    await waitUntil(async () => {
      const rows = (await db.query(`SELECT count(*)::int AS n FROM reports WHERE id = ANY($1) AND status <> 'processing'`, [ids])) as Array<{ n: number }>;
      return rows[0].n === ids.length || null;
    }, 'all five analyses', 240_000, 250);
    const rows = (await db.query(`SELECT id, status, analyzed_at FROM reports WHERE id = ANY($1) ORDER BY analyzed_at`, [ids])) as Array<{ id: string; status: string }>;
    expect(rows.every((r) => r.status === 'completed')).toBe(true);
    expect(rows.map((r) => r.id)).toEqual([batch[0], single, ...batch.slice(1)]);
  });
});
