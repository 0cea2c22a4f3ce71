import type { NestExpressApplication } from '@nestjs/platform-express';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDataSourceToken } from '@nestjs/typeorm';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { makeVideo } from '../../scripts/media/generate';
import { startApiApp } from '../support/api-app';
import { createAnonymousUser, createTestUser, type TestUser } from '../support/firebase-emulator';

/** Inputs a careless client or an attacker sends: none may produce a 5xx or leak more than a 4xx with a message. */
describe('hostile input at the edge', () => {
  let app: NestExpressApplication;
  let alice: TestUser;
  const http = () => request(app.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });

  beforeAll(async () => {
    app = await startApiApp();
    alice = await createTestUser('Alice');
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(['1e18', '9007199254740993', '-1', '0', 'abc', '1.5'])('answers 400, not 500, for page=%s', async (page) => {
    const res = await http().get(`/api/dashboard/reports?page=${page}`).set(as(alice));
    expect(res.status).toBe(400);
    expect(typeof res.body.message === 'string' || Array.isArray(res.body.message)).toBe(true);
  });

  it('answers headers over Node\'s 16 KB limit with a 431 in the JSON error shape (Node\'s own answer had no body)', async () => {
    const res = await http().get('/api/me').set(as(alice)).set('X-Padding', 'x'.repeat(20_000));
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body).toEqual({ statusCode: 431, message: 'The request headers (or the address) are too large.', error: 'Request Header Fields Too Large' });
  });

  it('answers 400, not 500, for a 2000-deep JSON body', async () => {
    const deep = '{"a":'.repeat(2000) + '1' + '}'.repeat(2000);
    const res = await http()
      .post('/api/prevention/analyze/00000000-0000-4000-8000-000000000000')
      .set(as(alice))
      .set('content-type', 'application/json')
      .send(deep);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("The JSON body is nested too deeply (at most 32 levels).");
  });

  it('keeps a non-ASCII filename sent through multipart intact (UTF-8), on the status and the dashboard', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'preflight-utf8-'));
    try {
      const { path } = await makeVideo({ dir, name: 'clip', width: 160, height: 284, shots: [{ seconds: 2, visual: 'bars' }] });
      const name = 'Café 🎬 видео.mp4';
      const named = join(dir, name);
      copyFileSync(path, named);
      const carol = await createTestUser('Carol');
      const upload = await http().post('/api/upload/').set(as(carol)).attach('file', named).expect(200);
      const status = await http().get(`/api/status/${upload.body.reportId}`).set(as(carol)).expect(200);
      expect(status.body.filename).toBe(name);
      const list = await http().get('/api/dashboard/reports').set(as(carol)).expect(200);
      expect(JSON.stringify(list.body)).toContain(name);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('marks every /api answer Cache-Control: no-store', async () => {
    for (const path of ['/api/me', '/api/dashboard/reports', '/api/prevention/metrics']) {
      const res = await http().get(path).set(as(alice)).expect(200);
      expect(res.headers['cache-control']).toContain('no-store');
    }
    const denied = await http().get('/api/me');
    expect(denied.status).toBe(401);
    expect(denied.headers['cache-control']).toContain('no-store');
  });

  it('gives an outsider no way to tell an existing report from a missing one (report.json)', async () => {
    const db = app.get<DataSource>(getDataSourceToken());
    await http().get('/api/me').set(as(alice)).expect(200);
    const [{ id: userId }] = await db.query('SELECT id FROM users WHERE firebase_uid = $1', [alice.uid]);
    const [{ id: existing }] = await db.query(
      `INSERT INTO reports (user_id, original_filename, status, current_step) VALUES ($1, 'mine.mp4', 'completed', 'completed') RETURNING id`,
      [userId],
    );
    const ids = [existing as string, '00000000-0000-4000-8000-000000000000'];
    const bob = await createTestUser('Bob');
    for (const headers of [{}, { Authorization: 'Bearer not-a-token' }, as(bob), { 'X-Share-Token': 'x'.repeat(43) }]) {
      const answers = await Promise.all(ids.map((id) => http().get(`/reports/${id}_data/report.json`).set(headers)));
      const shapes = answers.map((r) => ({ status: r.status, message: r.body.message }));
      expect(new Set(shapes.map((s) => JSON.stringify(s))).size).toBe(1);
    }
  });

  it('sends the security headers a browser needs on every kind of answer', async () => {
    for (const res of [await http().get('/app/'), await http().get('/api/me').set(as(alice)), await http().get('/public/config')]) {
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('gives no free analysis to an anonymous (guest) account: 403 with a clear message, nothing stored', async () => {
    const guest = await createAnonymousUser();
    const dir = mkdtempSync(join(tmpdir(), 'preflight-guest-'));
    try {
      const { path } = await makeVideo({ dir, name: 'guest', width: 160, height: 284, shots: [{ seconds: 2, visual: 'bars' }] });
      const res = await http().post('/api/upload/').set(as(guest)).attach('file', path);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Sign in with Google to use your free analysis: guest accounts cannot analyse videos.');
      const list = await http().get('/api/dashboard/reports').set(as(guest)).expect(200);
      expect(JSON.stringify(list.body)).not.toContain('guest.mp4');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('caps a free creator at 5 failed analyses a day (failures give the free analysis back, so retries are bounded)', async () => {
    const dave = await createTestUser('Dave');
    await http().get('/api/me').set(as(dave)).expect(200);
    const db = app.get<DataSource>(getDataSourceToken());
    const [{ id: userId }] = await db.query('SELECT id FROM users WHERE firebase_uid = $1', [dave.uid]);
    for (let i = 0; i < 5; i += 1) {
      await db.query(`INSERT INTO reports (user_id, original_filename, status, current_step, error) VALUES ($1, 'broken.mp4', 'error', 'error', 'unreadable')`, [userId]);
    }
    const dir = mkdtempSync(join(tmpdir(), 'preflight-retries-'));
    try {
      const { path } = await makeVideo({ dir, name: 'retry', width: 160, height: 284, shots: [{ seconds: 2, visual: 'bars' }] });
      const res = await http().post('/api/upload/').set(as(dave)).attach('file', path);
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/^Your last 5 uploads could not be analysed today/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
