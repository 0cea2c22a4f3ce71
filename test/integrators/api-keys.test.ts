import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { cpSync } from 'node:fs';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { Clock } from '../../src/common/clock';
import { StorageService } from '../../src/infra/storage/storage.service';
import { KEY_CLOSED_ROUTE, KEY_READ_ONLY, KEY_REFUSED } from '../../src/modules/auth/auth.guard';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { FREE_ANALYSIS_USED_MESSAGE } from '../../src/modules/subscriptions/trial-gate.service';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

type Need = 'read' | 'write' | 'closed';
interface Route {
  need: Need;
  method: 'get' | 'post' | 'put' | 'delete';
  path: (ids: Ids) => string;
  body?: (ids: Ids) => object;
  headers?: Record<string, string>;
  /** What the report's owner gets through the guard (any key scope that may call it). */
  owner: number;
  /** Whether the route is about Alice's report: another creator's key gets 404 there. */
  aliceReport?: boolean;
}
interface Ids {
  report: string;
  running: string;
}
jest.setTimeout(180_000);
const NOBODY = '00000000-0000-4000-8000-000000000000';

/** Every /api route the product has, by the scope a key needs (closed: a key never reaches it). */
const ROUTES: Route[] = [
  { need: 'read', method: 'get', path: () => '/api/me', owner: 200 },
  { need: 'read', method: 'get', path: () => '/api/dashboard/reports', owner: 200 },
  { need: 'read', method: 'get', path: (i) => `/api/reports/${i.report}`, owner: 200, aliceReport: true },
  { need: 'read', method: 'get', path: (i) => `/api/status/${i.report}`, owner: 200, aliceReport: true },
  { need: 'read', method: 'get', path: (i) => `/api/reports/${i.report}/markers?format=edl`, owner: 200, aliceReport: true },
  { need: 'read', method: 'get', path: (i) => `/api/reports/${i.report}/edit`, owner: 200, aliceReport: true },
  // A running analysis has no edit to export yet: 409 to its owner (the file formats are tested in test/edit).
  { need: 'read', method: 'get', path: (i) => `/api/reports/${i.running}/edit/export?format=edl`, owner: 409, aliceReport: true },
  { need: 'read', method: 'get', path: (i) => `/api/prevention/dashboard/${i.report}`, owner: 200, aliceReport: true },
  { need: 'read', method: 'get', path: (i) => `/api/prevention/analytics/${i.report}`, owner: 200, aliceReport: true },
  { need: 'read', method: 'get', path: () => '/api/prevention/metrics', owner: 200 },
  { need: 'read', method: 'get', path: () => '/api/prevention/insights', owner: 200 },
  { need: 'read', method: 'get', path: (i) => `/api/prevention/reports/${i.report}/share`, owner: 200, aliceReport: true },
  { need: 'read', method: 'get', path: (i) => `/api/compare?a=${i.report}&b=${i.running}`, owner: 409, aliceReport: true },
  { need: 'read', method: 'get', path: () => '/api/subscription/status', owner: 200 },
  // The PDF routes and the report data file are public-with-credentials (a share token or, for a sample, nobody also
  // works), read by the same guard: a running analysis answers 409 to its owner, 404 to another creator.
  { need: 'read', method: 'get', path: (i) => `/public/prevention/pdf/${i.running}`, owner: 409, aliceReport: true },
  { need: 'read', method: 'post', path: (i) => `/public/prevention/pdf/${i.running}`, owner: 409, aliceReport: true },
  { need: 'read', method: 'get', path: (i) => `/public/compare/pdf?a=${i.report}&b=${i.running}`, owner: 409, aliceReport: true },
  { need: 'read', method: 'post', path: (i) => `/public/compare/pdf?a=${i.report}&b=${i.running}`, owner: 409, aliceReport: true },
  { need: 'read', method: 'get', path: (i) => `/reports/${i.report}_data/report.json`, owner: 200, aliceReport: true },
  { need: 'write', method: 'post', path: (i) => `/api/prevention/analyze/${i.report}`, body: () => ({}), owner: 200, aliceReport: true },
  { need: 'write', method: 'post', path: (i) => `/api/prevention/reports/${i.report}/share`, body: () => ({}), owner: 201, aliceReport: true },
  // The sample report's first silence is a slow start from 0 to 1.83 s: a valid one-cut edit.
  { need: 'write', method: 'put', path: (i) => `/api/reports/${i.report}/edit`, body: () => ({ cuts: [{ start_seconds: 0, end_seconds: 1.8, enabled: true }] }), owner: 200, aliceReport: true },
  { need: 'write', method: 'delete', path: (i) => `/api/prevention/reports/${i.report}/share/${NOBODY}`, owner: 404, aliceReport: true },
  { need: 'write', method: 'post', path: () => '/api/compare/share', body: (i) => ({ a: i.report, b: i.running }), owner: 409, aliceReport: true },
  // Alice's free analysis is used: the 402 trial rule holds for her keys as for her browser.
  { need: 'write', method: 'post', path: () => '/api/upload', owner: 402 },
  {
    need: 'write',
    method: 'post',
    path: () => '/api/upload/tus',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000', 'Upload-Metadata': `filename ${Buffer.from('a.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}` },
    owner: 402,
  },
  { need: 'closed', method: 'post', path: () => '/api/subscription/checkout-session', body: () => ({}), owner: 0 },
  { need: 'closed', method: 'post', path: () => '/api/subscription/create-portal-session', body: () => ({}), owner: 0 },
  { need: 'closed', method: 'get', path: () => '/api/keys', owner: 0 },
  { need: 'closed', method: 'post', path: () => '/api/keys', body: () => ({ name: 'escalate', scope: 'write' }), owner: 0 },
  { need: 'closed', method: 'delete', path: () => `/api/keys/${NOBODY}`, owner: 0 },
  // Webhook endpoints are managed from a signed-in session only: a key could add a place to send the creator's data.
  { need: 'closed', method: 'get', path: () => '/api/webhook-endpoints', owner: 0 },
  { need: 'closed', method: 'post', path: () => '/api/webhook-endpoints', body: () => ({ url: 'https://hooks.example.com/x', events: ['share.opened'] }), owner: 0 },
  { need: 'closed', method: 'post', path: () => `/api/webhook-endpoints/${NOBODY}/rotate-secret`, owner: 0 },
  { need: 'closed', method: 'post', path: () => `/api/webhook-endpoints/${NOBODY}/test`, owner: 0 },
];

describe('API keys: the key matrix (scope × route × revoked / expired / another creator’s), real PostgreSQL and Auth emulator', () => {
  let api: NestExpressApplication;
  let db: DataSource;
  let clock: Clock;
  let alice: TestUser;
  let bob: TestUser;
  const ids: Ids = { report: '', running: '' };
  const http = () => request(api.getHttpServer());
  const signedIn = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const createKey = async (user: TestUser, scope: 'read' | 'write', extra: object = {}) =>
    (await http().post('/api/keys').set(signedIn(user)).send({ name: `${scope} key`, scope, ...extra }).expect(201)).body as { id: string; key: string; prefix: string };
  const call = (route: Route, headers: Record<string, string>) => {
    const req = http()[route.method](route.path(ids)).set({ ...route.headers, ...headers });
    return route.body ? req.send(route.body(ids)) : req;
  };

  beforeAll(async () => {
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
    clock = api.get(Clock);
    [alice, bob] = await Promise.all([createTestUser('Alice Agency'), createTestUser('Bob')]);
    const me = await http().get('/api/me').set(signedIn(alice)).expect(200);
    await http().get('/api/me').set(signedIn(bob)).expect(200);
    const reports = db.getRepository(Report);
    const done = await reports.save({ userId: me.body.id, originalFilename: 'launch.mp4', status: 'completed', progress: 100, currentStep: 'completed', analyzedAt: new Date() });
    const running = await reports.save({ userId: me.body.id, originalFilename: 'cut-b.mp4', status: 'processing', progress: 40, currentStep: 'analyzing' });
    ids.report = done.id;
    ids.running = running.id;
    cpSync(SAMPLE_REPORT_SOURCE, api.get(StorageService).reportDir(done.id), { recursive: true });
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await api?.close();
  });

  it('shows a pf_live_ key once, stores only its hash, lists it with prefix, scope, created, last used and address', async () => {
    const created = await createKey(alice, 'read');
    expect(created.key).toMatch(/^pf_live_[0-9A-Za-z]{32}$/);
    expect(created.prefix).toBe(created.key.slice(0, 14));
    const [row] = (await db.query('SELECT * FROM api_keys WHERE id = $1', [created.id])) as Record<string, unknown>[];
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);

    await http().get('/api/me').set({ Authorization: `Bearer ${created.key}`, 'X-Forwarded-For': '198.51.100.7' }).expect(200);
    const listed = await http().get('/api/keys').set(signedIn(alice)).expect(200);
    const mine = (listed.body as Record<string, unknown>[]).find((k) => k.id === created.id);
    expect(mine).toMatchObject({ name: 'read key', scope: 'read', prefix: created.prefix, expires_at: null, last_used_ip: '198.51.100.7' });
    expect(mine).not.toHaveProperty('key');
    expect(Date.parse(mine!.last_used_at as string)).toBeGreaterThan(Date.now() - 60_000);
    // Bob sees none of Alice's keys and cannot revoke them.
    const bobs = await http().get('/api/keys').set(signedIn(bob)).expect(200);
    expect((bobs.body as { id: string }[]).map((k) => k.id)).not.toContain(created.id);
    await http().delete(`/api/keys/${created.id}`).set(signedIn(bob)).expect(404);
  });

  it('notes an IPv4 caller on a dual-stack socket as its IPv4 address', async () => {
    const created = await createKey(alice, 'read');
    await http().get('/api/me').set('X-API-Key', created.key).expect(200); // supertest connects from ::ffff:127.0.0.1
    const listed = (await http().get('/api/keys').set(signedIn(alice)).expect(200)).body as { id: string; last_used_ip: string }[];
    expect(listed.find((k) => k.id === created.id)?.last_used_ip).toBe('127.0.0.1');
  });

  it('validates what a key is made with: name, scope, an expiry in the future', async () => {
    await http().post('/api/keys').set(signedIn(alice)).send({ name: '', scope: 'read' }).expect(400);
    await http().post('/api/keys').set(signedIn(alice)).send({ name: 'x', scope: 'admin' }).expect(400);
    await http().post('/api/keys').set(signedIn(alice)).send({ name: 'x', scope: 'read', expires_at: 'tomorrow' }).expect(400);
    const past = await http().post('/api/keys').set(signedIn(alice)).send({ name: 'x', scope: 'read', expires_at: '2020-01-01T00:00:00Z' }).expect(400);
    expect(past.body.message).toBe('expires_at must be in the future');
  });

  it('read and write keys, as Bearer and as X-API-Key, reach exactly what their scope allows', async () => {
    const read = await createKey(alice, 'read');
    const write = await createKey(alice, 'write');
    for (const [scope, key] of [['read', read.key], ['write', write.key]] as const) {
      for (const headers of [{ Authorization: `Bearer ${key}` }, { 'X-API-Key': key }] as Record<string, string>[]) {
        for (const route of ROUTES) {
          const res = await call(route, headers);
          const where = `${scope} key (${Object.keys(headers)[0]}) ${route.method.toUpperCase()} ${route.path(ids)}`;
          if (route.need === 'closed') {
            expect({ where, status: res.status, message: res.body.message }).toEqual({ where, status: 403, message: KEY_CLOSED_ROUTE });
          } else if (route.need === 'write' && scope === 'read') {
            expect({ where, status: res.status, message: res.body.message }).toEqual({ where, status: 403, message: KEY_READ_ONLY });
          } else {
            expect({ where, status: res.status }).toEqual({ where, status: route.owner });
          }
        }
      }
    }
    const upload = await http().post('/api/upload').set('Authorization', `Bearer ${write.key}`).attach('file', Buffer.from('x'), 'a.mp4');
    expect(upload.status).toBe(402);
    expect(upload.body.message).toBe(FREE_ANALYSIS_USED_MESSAGE);
  });

  it("another creator's key reaches none of Alice's reports (404, as for an unknown id), and /api/me is Bob", async () => {
    const bobs = await createKey(bob, 'write');
    const headers = { Authorization: `Bearer ${bobs.key}` };
    for (const route of ROUTES.filter((r) => r.aliceReport)) {
      const res = await call(route, headers);
      expect({ route: route.path(ids), status: res.status }).toEqual({ route: route.path(ids), status: 404 });
    }
    const me = await http().get('/api/me').set(headers).expect(200);
    expect(me.body.uid).toBe(bob.uid);
    const list = await http().get('/api/dashboard/reports').set(headers).expect(200);
    expect(list.body.total).toBe(0);
  });

  it('revoked, expired and unknown keys are refused on every route, the PDF routes included (401 with the reason)', async () => {
    const revoked = await createKey(alice, 'write');
    await http().get('/api/me').set('X-API-Key', revoked.key).expect(200);
    await http().delete(`/api/keys/${revoked.id}`).set(signedIn(alice)).expect(204);
    const expiring = await createKey(alice, 'write', { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    await http().get('/api/me').set('X-API-Key', expiring.key).expect(200);
    const unknown = `pf_live_${'A'.repeat(32)}`;
    // Revocation takes effect on the very next request; expiry is checked against the injected clock.
    jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.now() + 2 * 3_600_000));
    const cases = [
      [revoked.key, KEY_REFUSED.revoked],
      [expiring.key, KEY_REFUSED.expired],
      [unknown, KEY_REFUSED.unknown],
      ['pf_live_short', KEY_REFUSED.unknown],
    ] as const;
    // Each refusal from its own address: refused keys count towards the per-address guessing limit (30 in 10 minutes).
    let address = 0;
    for (const [key, message] of cases) {
      for (const route of ROUTES) {
        const res = await call(route, { 'X-API-Key': key, 'X-Forwarded-For': `192.0.2.${(address += 1)}` });
        const where = `${key.slice(0, 14)} ${route.method.toUpperCase()} ${route.path(ids)}`;
        expect({ where, status: res.status, message: res.body.message }).toEqual({ where, status: 401, message });
      }
    }
    // The revoked key is gone from the list; Alice's browser session is untouched.
    const listed = await http().get('/api/keys').set(signedIn(alice)).expect(200);
    expect((listed.body as { id: string }[]).map((k) => k.id)).not.toContain(revoked.id);
  });

  it('refused keys count towards the per-address guessing limit like refused tokens', async () => {
    const guess = () => http().get('/api/me').set({ 'X-API-Key': `pf_live_${'B'.repeat(32)}`, 'X-Forwarded-For': '203.0.113.250' });
    for (let i = 0; i < 30; i += 1) await guess().expect(401);
    const refused = await guess().expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the PDF route shares that limit: guesses there lock the address out of it and of /api alike', async () => {
    const key = `pf_live_${'C'.repeat(32)}`;
    const from = { 'X-API-Key': key, 'X-Forwarded-For': '203.0.113.251' };
    for (let i = 0; i < 30; i += 1) await http().get(`/public/prevention/pdf/${ids.running}`).set(from).expect(401);
    await http().get(`/public/prevention/pdf/${ids.running}`).set(from).expect(429);
    await http().get('/api/me').set(from).expect(429);
    // The owner's own key, from that address, is still checked and let through (a credential that verifies is never refused).
    const owners = await createKey(alice, 'read');
    await http().get(`/public/prevention/pdf/${ids.running}`).set({ 'X-API-Key': owners.key, 'X-Forwarded-For': '203.0.113.251' }).expect(409);
  });

  it('a Firebase session still reaches everything, and the Authorization header wins over a stray X-API-Key', async () => {
    const read = await createKey(alice, 'read');
    await http().post(`/api/prevention/analyze/${ids.report}`).set({ ...signedIn(alice), 'X-API-Key': read.key }).send({}).expect(200);
    await http().get('/api/keys').set({ ...signedIn(alice), 'X-API-Key': read.key }).expect(200);
  });
});
