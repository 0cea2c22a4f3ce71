import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { FAILED_WORK_BUDGET_MESSAGE, FREE_FAILED_WORK_SECONDS_PER_DAY } from '../../src/modules/subscriptions/trial-gate.service';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

/**
 * Issue 29, item 12: failed analyses cost a free creator nothing, so one account could upload an over-long raw stream
 * again and again, each decoded for 36–39 s before it was refused. The worker seconds a free creator's failed
 * analyses used in the last 24 hours now have a budget; past it, the upload is refused before a byte is read.
 */
describe('the daily budget of worker time for a free creator’s failed analyses', () => {
  let api: NestExpressApplication;
  let db: DataSource;
  const http = () => request(api.getHttpServer());

  /** A creator with failed analyses of these worker seconds (hoursAgo: when each was uploaded). */
  const creatorWithFailures = async (failures: Array<{ seconds: number; hoursAgo?: number }>, plan?: 'active') => {
    const user = await createTestUser('Retrier');
    await http().get('/api/me').set({ Authorization: `Bearer ${user.idToken}` }).expect(200);
    const [{ id }] = await db.query('SELECT id FROM users WHERE firebase_uid = $1', [user.uid]);
    for (const { seconds, hoursAgo = 1 } of failures) {
      await db.query(
        `INSERT INTO reports (user_id, original_filename, status, progress, error, failed_work_seconds, created_at)
         VALUES ($1, 'raw.h264', 'error', 5, 'The video is longer than an hour.', $2, now() - make_interval(hours => $3))`,
        [id, seconds, hoursAgo],
      );
    }
    if (plan) await db.query(`INSERT INTO subscriptions (user_id, status, plan_type) VALUES ($1, 'active', 'creator_pro')`, [id]);
    return user;
  };
  /** An upload's head and a little of its body: the gate answers before the file is read. */
  const upload = (user: TestUser) =>
    http().post('/api/upload').set({ Authorization: `Bearer ${user.idToken}` }).attach('file', Buffer.alloc(1024), { filename: 'clip.mp4', contentType: 'video/mp4' });

  beforeAll(async () => {
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
  });
  afterAll(async () => {
    await api?.close();
  });

  it(`refuses a free creator whose failures used ${FREE_FAILED_WORK_SECONDS_PER_DAY} s of work in the last day, with a clear message`, async () => {
    const user = await creatorWithFailures([{ seconds: 38 }, { seconds: 37 }, { seconds: 39 }, { seconds: 7 }]);
    const res = await upload(user);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ statusCode: 429, message: FAILED_WORK_BUDGET_MESSAGE });
    expect(FAILED_WORK_BUDGET_MESSAGE).toMatch(/try again tomorrow or upgrade/);
  });

  it('counts only the last 24 hours, and lets a free creator under the budget upload', async () => {
    const user = await creatorWithFailures([{ seconds: 100, hoursAgo: 30 }, { seconds: 39 }, { seconds: 1 }]);
    const res = await upload(user);
    expect(res.status).not.toBe(429);
    expect(res.status).not.toBe(402);
  });

  it('does not limit a paying creator', async () => {
    const user = await creatorWithFailures([{ seconds: 60 }, { seconds: 60 }, { seconds: 60 }], 'active');
    expect((await upload(user)).status).not.toBe(429);
  });
});
