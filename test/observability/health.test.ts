import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startApiApp } from '../support/api-app';

/** Liveness says the process answers; readiness says it can serve: PostgreSQL, Redis and the store all reachable. */
describe('liveness and readiness', () => {
  let app: NestExpressApplication;
  let data: string;

  beforeAll(async () => {
    // Its own store, so that this test can take it away without touching the run's default folder.
    data = mkdtempSync(join(tmpdir(), 'preflight-health-'));
    process.env.STORAGE_DIR = join(data, 'storage');
    try {
      app = await startApiApp();
    } finally {
      delete process.env.STORAGE_DIR;
    }
  });

  afterAll(async () => {
    await app?.close();
    rmSync(data, { recursive: true, force: true });
  });

  it('are both up when every dependency answers, even for concurrent first probes', async () => {
    // The first probes open the Redis connection: none of them may ping a socket that is still opening.
    const first = await Promise.all(Array.from({ length: 10 }, () => request(app.getHttpServer()).get('/api/health/ready')));
    expect(first.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect((await request(app.getHttpServer()).get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    const ready = await request(app.getHttpServer()).get('/api/health/ready').expect(200);
    expect(ready.body.details).toMatchObject({ database: { status: 'up' }, redis: { status: 'up' }, storage: { status: 'up' } });
  });

  it('readiness fails (503, naming the store) when the store is gone, while liveness stays up', async () => {
    rmSync(join(data, 'storage'), { recursive: true, force: true });
    const ready = await request(app.getHttpServer()).get('/api/health/ready').expect(503);
    expect(ready.body.message).toBe('Not ready: storage (ENOENT) unreachable');
    await request(app.getHttpServer()).get('/api/health').expect(503);
    await request(app.getHttpServer()).get('/api/health/live').expect(200);
  });
});
