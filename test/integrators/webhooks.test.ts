import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getQueueToken } from '@nestjs/bullmq';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { Clock } from '../../src/common/clock';
import { RotateLegacyWebhookSecrets1764510000001 } from '../../src/database/migrations/1764510000001-RotateLegacyWebhookSecrets';
import { StorageService } from '../../src/infra/storage/storage.service';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { PRIVATE_REFUSED } from '../../src/modules/webhooks/outbound-address';
import { QueueName } from '../../src/jobs/queues';
import { ENDPOINT_NOT_FOUND, WebhooksService } from '../../src/modules/webhooks/webhooks.service';
import { sendWebhook } from '../../src/modules/webhooks/webhook-sender';
import { startListeningApi, startWorker } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { waitUntil } from '../support/wait';
import { verifyStandardWebhook, WebhookReceiver } from '../support/webhook-receiver';

jest.setTimeout(180_000);
/** A Standard Webhooks secret no endpoint has, for sends made outside an endpoint. */
const OTHER_SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
// A short schedule for the test: 3 attempts, 200 ms then 400 ms apart (production: 12 over about 24 h).
process.env.WEBHOOK_ATTEMPTS = '3';
process.env.WEBHOOK_BACKOFF_MS = '200';

interface Delivery {
  event_id: string;
  event_type: string;
  status: string;
  attempts: number;
  response_code: number | null;
  response_excerpt: string | null;
  error: string | null;
}

describe('webhooks: signed, retried, logged, disabled after repeated failure (real API, worker, Redis, PostgreSQL)', () => {
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let alice: TestUser;
  const receiver = new WebhookReceiver();
  let hookUrl: string;
  const http = () => request(api.getHttpServer());
  const signedIn = () => ({ Authorization: `Bearer ${alice.idToken}` });
  const createEndpoint = async (events = ['analysis.completed', 'analysis.failed', 'share.opened', 'subscription.updated'], url = hookUrl) => {
    const res = await http().post('/api/webhook-endpoints').set(signedIn()).send({ url, events }).expect(201);
    receiver.secret = res.body.secret as string;
    return res.body as { id: string; secret: string };
  };
  const log = async (endpointId: string) => (await http().get(`/api/webhook-endpoints/${endpointId}/deliveries`).set(signedIn()).expect(200)).body as Delivery[];
  const settled = (endpointId: string) =>
    waitUntil(async () => {
      const [latest] = await log(endpointId);
      return latest && latest.status !== 'pending' ? latest : null;
    }, 'the latest delivery to settle');

  beforeAll(async () => {
    hookUrl = await receiver.start();
    ({ api } = await startListeningApi());
    worker = await startWorker();
    alice = await createTestUser('Alice Integrator');
    await http().get('/api/me').set(signedIn()).expect(200);
  });
  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await receiver.stop();
  });

  it('shows the secret once; a test event arrives signed as documented, and the log shows it delivered', async () => {
    const endpoint = await createEndpoint();
    // Standard Webhooks: whsec_ and the base64 of 32 random bytes.
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(endpoint.secret.slice(6), 'base64')).toHaveLength(32);
    const listed = await http().get('/api/webhook-endpoints').set(signedIn()).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);

    receiver.answerWith(() => ({ status: 200, body: 'thanks' }));
    const sent = await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(202);
    const event = await receiver.waitFor((e) => e.id === sent.body.event_id);
    // Verified by the standardwebhooks library, and by the deprecated Preflight-Signature still sent for one release.
    expect(event).toMatchObject({ type: 'webhook.test', verified: true, legacyVerified: true });
    expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
    expect(event.headers['webhook-id']).toBe(event.id);
    expect(Math.abs(Number(event.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(120);
    expect(event.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(event.headers['content-type']).toBe('application/json');
    expect(await settled(endpoint.id)).toMatchObject({ status: 'delivered', attempts: 1, response_code: 200, response_excerpt: 'thanks' });
    await http().delete(`/api/webhook-endpoints/${endpoint.id}`).set(signedIn()).expect(204);
  });

  it('a test event for an endpoint deleted while it is being queued answers 404, not a server error', async () => {
    const endpoint = await createEndpoint();
    // The race the fuzz tier found (a delete from another tab lands between the ownership check and the delivery's
    // insert), made certain: the endpoint row goes just before the delivery row is written.
    const db = api.get<DataSource>(getDataSourceToken());
    await db.query(`CREATE FUNCTION test_delete_endpoint_first() RETURNS trigger AS $$
      BEGIN DELETE FROM webhook_endpoints WHERE id = NEW.endpoint_id; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.query('CREATE TRIGGER test_delete_endpoint_first BEFORE INSERT ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION test_delete_endpoint_first()');
    try {
      const res = await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(404);
      expect(res.body.message).toBe(ENDPOINT_NOT_FOUND);
    } finally {
      await db.query('DROP TRIGGER test_delete_endpoint_first ON webhook_deliveries');
      await db.query('DROP FUNCTION test_delete_endpoint_first()');
    }
    // The trigger's delete went back with the failed insert: the endpoint is still here, with nothing half-queued.
    expect(await log(endpoint.id)).toEqual([]);
    await http().delete(`/api/webhook-endpoints/${endpoint.id}`).set(signedIn()).expect(204);
  });

  it('an event still reaches the creator\'s other endpoints when one of them is deleted while it is being queued', async () => {
    // Both subscribed; the survivor is made last, so the receiver checks signatures with its secret.
    const deleted = await createEndpoint(['share.opened']);
    const survivor = await createEndpoint(['share.opened']);
    const me = await http().get('/api/me').set(signedIn()).expect(200);
    const db = api.get<DataSource>(getDataSourceToken());
    // The same race as for the test event, made certain for ONE endpoint: it goes just before its delivery is written.
    await db.query(`CREATE FUNCTION test_delete_one_endpoint_first() RETURNS trigger AS $$
      BEGIN IF NEW.endpoint_id = '${deleted.id}' THEN DELETE FROM webhook_endpoints WHERE id = NEW.endpoint_id; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
    await db.query('CREATE TRIGGER test_delete_one_endpoint_first BEFORE INSERT ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION test_delete_one_endpoint_first()');
    receiver.answerWith(() => ({ status: 200 }));
    const reportId = '00000000-0000-4000-8000-00000000e417';
    try {
      await api.get(WebhooksService).emit(me.body.id as string, 'share.opened', { report_id: reportId });
    } finally {
      await db.query('DROP TRIGGER test_delete_one_endpoint_first ON webhook_deliveries');
      await db.query('DROP FUNCTION test_delete_one_endpoint_first()');
    }
    // One delivery row for the event, the survivor's, and its job on the webhooks queue (kept a day once completed).
    const rows = (await db.query(`SELECT id, endpoint_id FROM webhook_deliveries WHERE event_type = 'share.opened' AND payload::jsonb -> 'data' ->> 'report_id' = $1`, [
      reportId,
    ])) as { id: string; endpoint_id: string }[];
    expect(rows.map((r) => r.endpoint_id)).toEqual([survivor.id]);
    const job = await api.get<Queue>(getQueueToken(QueueName.Webhooks)).getJob(rows[0].id);
    expect(job?.data).toEqual({ deliveryId: rows[0].id });
    const arrived = await receiver.waitFor((e) => e.type === 'share.opened' && e.data.report_id === reportId);
    expect(arrived.verified).toBe(true);
    expect(await settled(survivor.id)).toMatchObject({ status: 'delivered', attempts: 1 });
    // Nothing half-written for the other: its delete went back with its failed insert, and it has no delivery.
    expect(await log(deleted.id)).toEqual([]);
    await http().delete(`/api/webhook-endpoints/${deleted.id}`).set(signedIn()).expect(204);
    await http().delete(`/api/webhook-endpoints/${survivor.id}`).set(signedIn()).expect(204);
  });

  it('retries after a 500 with the same event id and signature scheme, until the receiver takes it', async () => {
    const endpoint = await createEndpoint();
    receiver.answerWith((_n, e) => (receiver.received.filter((r) => r.id === e.id).length === 1 ? { status: 500, body: 'x'.repeat(5000) } : { status: 204 }));
    const sent = await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(202);
    const delivered = await settled(endpoint.id);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, response_code: 204 });
    const copies = receiver.received.filter((e) => e.id === sent.body.event_id);
    expect(copies).toHaveLength(2);
    expect(copies.every((e) => e.verified)).toBe(true);
    expect(new Set(copies.map((e) => e.headers['webhook-id']))).toEqual(new Set([sent.body.event_id]));
    expect(receiver.handled.has(sent.body.event_id as string)).toBe(true);
    await http().delete(`/api/webhook-endpoints/${endpoint.id}`).set(signedIn()).expect(204);
  });

  it('keeps only the answer code and its first 1 KB; disables the endpoint with a notice once every retry failed; enable sends again', async () => {
    const endpoint = await createEndpoint();
    receiver.answerWith(() => ({ status: 500, body: 'y'.repeat(5000) }));
    await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(202);
    const failed = await settled(endpoint.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, response_code: 500 });
    expect(Buffer.byteLength(failed.response_excerpt ?? '')).toBe(1024);
    const [listed] = (await http().get('/api/webhook-endpoints').set(signedIn()).expect(200)).body as { id: string; disabled_at: string | null; disabled_reason: string | null }[];
    expect(listed.id).toBe(endpoint.id);
    expect(listed.disabled_at).not.toBeNull();
    expect(listed.disabled_reason).toMatch(/deliveries kept failing for every retry \(last: HTTP 500\)/);

    receiver.answerWith(() => ({ status: 200 }));
    await http().post(`/api/webhook-endpoints/${endpoint.id}/enable`).set(signedIn()).expect(200);
    const again = await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(202);
    await receiver.waitFor((e) => e.id === again.body.event_id);
    expect(await settled(endpoint.id)).toMatchObject({ status: 'delivered' });
    await http().delete(`/api/webhook-endpoints/${endpoint.id}`).set(signedIn()).expect(204);
  });

  it('share.opened reaches only endpoints subscribed to it, with the report id', async () => {
    const subscribed = await createEndpoint(['share.opened']);
    const me = await http().get('/api/me').set(signedIn()).expect(200);
    const report = await api.get<DataSource>(getDataSourceToken()).getRepository(Report).save({
      userId: me.body.id as string, originalFilename: 'launch.mp4', status: 'completed', progress: 100, currentStep: 'completed', analyzedAt: new Date(),
    });
    cpSync(SAMPLE_REPORT_SOURCE, api.get(StorageService).reportDir(report.id), { recursive: true });
    const link = await http().post(`/api/prevention/reports/${report.id}/share`).set(signedIn()).send({}).expect(201);
    receiver.answerWith(() => ({ status: 200 }));
    await http().get(`/public/prevention/share/${link.body.token as string}`).expect(200);
    const opened = await receiver.waitFor((e) => e.type === 'share.opened' && e.data.report_id === report.id);
    expect(opened.verified).toBe(true);
    await http().delete(`/api/webhook-endpoints/${subscribed.id}`).set(signedIn()).expect(204);
  });

  it('refuses other schemes, and private or loopback addresses when not allowed: by literal address and by a name that resolves to one', async () => {
    await http().post('/api/webhook-endpoints').set(signedIn()).send({ url: 'ftp://example.com/x', events: ['share.opened'] }).expect(400);
    await http().post('/api/webhook-endpoints').set(signedIn()).send({ url: hookUrl, events: ['nope'] }).expect(400);
    const before = receiver.received.length;
    const port = new URL(hookUrl).port;
    const signing = { id: 'evt_x', secrets: [OTHER_SECRET] };
    const literal = await sendWebhook(hookUrl, signing, '{}', { allowPrivate: false });
    // "vm" is 127.0.0.1 in this machine's /etc/hosts: refused when connecting, after the lookup (no rebinding window).
    const named = await sendWebhook(`http://vm:${port}/preflight-hook`, signing, '{}', { allowPrivate: false });
    expect(literal).toEqual({ kind: 'refused', reason: PRIVATE_REFUSED });
    expect(named).toEqual({ kind: 'refused', reason: PRIVATE_REFUSED });
    expect(receiver.received.length).toBe(before);
    // Allowed (tests, local development): the same name is called.
    receiver.answerWith(() => ({ status: 200 }));
    const allowed = await sendWebhook(`http://vm:${port}/preflight-hook`, signing, JSON.stringify({ id: 'evt_x', type: 't', created: 0, data: {} }), { allowPrivate: true });
    expect(allowed).toMatchObject({ kind: 'answered', status: 400 }); // our receiver refuses the wrong secret
  });

  it('follows no redirect, and gives up on a receiver that does not answer within 5 s', async () => {
    let otherHostCalls = 0;
    const other = createServer((_req, res) => {
      otherHostCalls += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    receiver.secret = OTHER_SECRET;
    receiver.answerWith(() => ({ status: 302, headers: { Location: `http://127.0.0.1:${(other.address() as AddressInfo).port}/` } }));
    const body = JSON.stringify({ id: 'evt_redirect', type: 't', created: 0, data: {} });
    const redirected = await sendWebhook(hookUrl, { id: 'evt_redirect', secrets: [OTHER_SECRET] }, body, { allowPrivate: true });
    expect(redirected).toMatchObject({ kind: 'answered', status: 302 });
    expect(otherHostCalls).toBe(0);
    other.close();

    receiver.answerWith(() => 'hang');
    const started = Date.now();
    const hung = await sendWebhook(hookUrl, { id: 'evt_hang', secrets: [OTHER_SECRET] }, JSON.stringify({ id: 'evt_hang', type: 't', created: 0, data: {} }), { allowPrivate: true });
    expect(hung).toEqual({ kind: 'error', reason: 'no answer within 5 s' });
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('rotates a secret: the new one is shown once, both sign for 24 h (space-separated), then only the new one', async () => {
    const endpoint = await createEndpoint(['share.opened']);
    const old = endpoint.secret;
    // Another creator cannot rotate it, nor an unknown id.
    const bob = await createTestUser('Bob Rotator');
    await http().post(`/api/webhook-endpoints/${endpoint.id}/rotate-secret`).set({ Authorization: `Bearer ${bob.idToken}` }).expect(404);
    const rotated = await http().post(`/api/webhook-endpoints/${endpoint.id}/rotate-secret`).set(signedIn()).expect(200);
    const fresh = rotated.body.secret as string;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(fresh).not.toBe(old);
    const until = Date.parse(rotated.body.previous_secret_expires_at as string);
    expect(Math.abs(until - Date.now() - 24 * 3600_000)).toBeLessThan(120_000);
    expect(rotated.body.secret_notice).toMatch(/^The previous secret also signs deliveries until \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    const [listed] = (await http().get('/api/webhook-endpoints').set(signedIn()).expect(200)).body as Record<string, unknown>[];
    expect(listed).toMatchObject({ id: endpoint.id, secret_notice: rotated.body.secret_notice, previous_secret_expires_at: rotated.body.previous_secret_expires_at });
    expect(JSON.stringify(listed)).not.toContain(fresh);

    // During the 24 h a receiver holding either secret verifies the delivery with the standardwebhooks library.
    receiver.secret = old; // the receiver has not switched yet
    receiver.answerWith(() => ({ status: 200 }));
    const during = await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(202);
    const signedTwice = await receiver.waitFor((e) => e.id === during.body.event_id);
    expect(signedTwice).toMatchObject({ verified: true, legacyVerified: true });
    expect(String(signedTwice.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(fresh).verify(signedTwice.raw, signedTwice.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(old).verify(signedTwice.raw, signedTwice.headers as Record<string, string>)).not.toThrow();
    await settled(endpoint.id);

    // The 24 h are over (the expiry moved to the past rather than the clock, which the receiver's check also reads).
    await api.get<DataSource>(getDataSourceToken()).query(`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [endpoint.id]);
    receiver.secret = fresh;
    const after = await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(202);
    const signedOnce = await receiver.waitFor((e) => e.id === after.body.event_id);
    expect(signedOnce.verified).toBe(true);
    expect(String(signedOnce.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(old).verify(signedOnce.raw, signedOnce.headers as Record<string, string>)).toThrow(WebhookVerificationError);
    const [now] = (await http().get('/api/webhook-endpoints').set(signedIn()).expect(200)).body as Record<string, unknown>[];
    expect(now).toMatchObject({ secret_notice: null, previous_secret_expires_at: null });
    await settled(endpoint.id);
    await http().delete(`/api/webhook-endpoints/${endpoint.id}`).set(signedIn()).expect(204);
  });

  it('a receiver refuses a replay outside the 5-minute tolerance: a captured delivery later, and one signed 10 minutes ago', async () => {
    const endpoint = await createEndpoint(['share.opened']);
    receiver.answerWith(() => ({ status: 200 }));
    const sent = await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(202);
    const captured = await receiver.waitFor((e) => e.id === sent.body.event_id);
    await settled(endpoint.id);
    const headers = captured.headers as Record<string, string>;
    const signedAt = Number(headers['webhook-timestamp']) * 1000;
    // The library reads Date.now() when it verifies: the captured delivery is verified as if it arrived later.
    const replayAt = (ms: number) => {
      jest.spyOn(Date, 'now').mockReturnValue(ms);
      return () => new Webhook(endpoint.secret).verify(captured.raw, headers);
    };
    try {
      expect(replayAt(signedAt + 4 * 60_000)).not.toThrow();
      expect(replayAt(signedAt + 6 * 60_000)).toThrow('Message timestamp too old');
    } finally {
      jest.restoreAllMocks();
    }

    // A real delivery signed 10 minutes ago (the worker's clock set back) is refused by the receiver's library.
    jest.spyOn(worker.get(Clock), 'now').mockReturnValue(new Date(Date.now() - 10 * 60_000));
    try {
      receiver.answerWith(() => ({ status: 200 }));
      const stale = await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(202);
      const refused = await receiver.waitFor((e) => e.id === stale.body.event_id);
      expect(refused.verified).toBe(false);
      expect(verifyStandardWebhook(endpoint.secret, refused.raw, refused.headers)).toBe(false);
    } finally {
      jest.restoreAllMocks();
    }
    await http().delete(`/api/webhook-endpoints/${endpoint.id}`).set(signedIn()).expect(204);
  });

  it('a secret from before Standard Webhooks (whsec_ and hex) is rotated by the migration; the page says so; the old one signs 24 h', async () => {
    const db = api.get<DataSource>(getDataSourceToken());
    const me = await http().get('/api/me').set(signedIn()).expect(200);
    const legacy = `whsec_${randomBytes(32).toString('hex')}`; // what main made before issue 43
    const [{ id }] = (await db.query(
      `INSERT INTO webhook_endpoints (user_id, url, secret, events, created_at) VALUES ($1, $2, $3, ARRAY['share.opened'], now()) RETURNING id`,
      [me.body.id, hookUrl, legacy],
    )) as { id: string }[];
    const standard = await createEndpoint(['share.opened']); // already standard: left alone
    const runner = db.createQueryRunner();
    try {
      await new RotateLegacyWebhookSecrets1764510000001().up(runner);
    } finally {
      await runner.release();
    }
    const [row] = (await db.query('SELECT secret, previous_secret, previous_secret_expires_at, secret_replaced_at FROM webhook_endpoints WHERE id = $1', [id])) as Record<string, unknown>[];
    expect(row.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(row.previous_secret).toBe(legacy);
    expect(Math.abs((row.previous_secret_expires_at as Date).getTime() - Date.now() - 24 * 3600_000)).toBeLessThan(120_000);
    const [untouched] = (await db.query('SELECT secret, previous_secret FROM webhook_endpoints WHERE id = $1', [standard.id])) as Record<string, unknown>[];
    expect(untouched).toEqual({ secret: standard.secret, previous_secret: null });

    const listed = ((await http().get('/api/webhook-endpoints').set(signedIn()).expect(200)).body as Record<string, unknown>[]).find((e) => e.id === id)!;
    expect(listed.secret_notice).toMatch(/^Preflight replaced this endpoint's signing secret on .* UTC: it was not a Standard Webhooks secret .*The old secret still signs deliveries until .* UTC\. Rotate the secret/);

    // The receiver still holding the old secret verifies, with the library (hex is valid base64) and the old header.
    receiver.secret = legacy;
    receiver.answerWith(() => ({ status: 200 }));
    const sent = await http().post(`/api/webhook-endpoints/${id}/test`).set(signedIn()).expect(202);
    expect(await receiver.waitFor((e) => e.id === sent.body.event_id)).toMatchObject({ verified: true, legacyVerified: true });
    await settled(id);

    // The creator rotates: a secret they see; the old one (the receiver's, not the unseen one) still signs.
    const rotated = await http().post(`/api/webhook-endpoints/${id}/rotate-secret`).set(signedIn()).expect(200);
    expect(rotated.body.secret_notice).toMatch(/^The previous secret also signs/);
    const [after] = (await db.query('SELECT previous_secret, secret_replaced_at FROM webhook_endpoints WHERE id = $1', [id])) as Record<string, unknown>[];
    expect(after).toEqual({ previous_secret: legacy, secret_replaced_at: null });
    receiver.secret = rotated.body.secret as string;
    const again = await http().post(`/api/webhook-endpoints/${id}/test`).set(signedIn()).expect(202);
    expect((await receiver.waitFor((e) => e.id === again.body.event_id)).verified).toBe(true);
    await settled(id);
    await http().delete(`/api/webhook-endpoints/${id}`).set(signedIn()).expect(204);
    await http().delete(`/api/webhook-endpoints/${standard.id}`).set(signedIn()).expect(204);
  });

  it('refuses a URL with a raw CR or LF, a bidirectional control or an empty port: 400 naming the url', async () => {
    const base = new URL(hookUrl);
    const refused = [`${hookUrl}\r\nX-Injected: 1`, `${hookUrl}\n`, `${hookUrl}\u202etxt.exe`, `http://${base.hostname}\u2066:${base.port}/x`, `http://${base.hostname}:/preflight-hook`];
    for (const url of refused) {
      const res = await http().post('/api/webhook-endpoints').set(signedIn()).send({ url, events: ['share.opened'] }).expect(400);
      expect([url, res.body.message]).toEqual([url, expect.stringMatching(/^url must not /)]);
    }
    // Nothing was stored (the parser would have kept "http://host/preflight-hook" for the empty port and line breaks).
    const listed = (await http().get('/api/webhook-endpoints').set(signedIn()).expect(200)).body as { url: string }[];
    expect(listed).toEqual([]);
  });

  it('examples/webhook-receiver.ts, run as its own process, verifies real deliveries with standardwebhooks and refuses forgeries and replays', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const endpoint = await createEndpoint(['share.opened'], `http://127.0.0.1:${port}/`);
    const child = spawn(process.execPath, ['--import', '@swc-node/register/esm-register', join(__dirname, '..', '..', 'examples', 'webhook-receiver.ts')], {
      cwd: join(__dirname, '..', '..'),
      env: { PATH: process.env.PATH, PREFLIGHT_WEBHOOK_SECRET: endpoint.secret, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      await waitUntil(async () => stderr.includes(`listening on :${port}`), 'the example receiver to listen', 60_000, 100);
      const sent = await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(202);
      expect(await settled(endpoint.id)).toMatchObject({ status: 'delivered', attempts: 1, response_code: 204 });
      const line = await waitUntil(async () => stdout.split('\n').find((l) => l.includes(sent.body.event_id as string)), 'the event line', 10_000, 50);
      expect(JSON.parse(line)).toMatchObject({ id: sent.body.event_id, type: 'webhook.test', data: { endpoint_id: endpoint.id } });

      // A forged signature and a captured delivery replayed 10 minutes later are refused.
      const body = JSON.stringify({ id: 'evt_forged', type: 'share.opened', created: 0, data: {} });
      const at = Math.floor(Date.now() / 1000);
      const forged = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body, headers: { 'webhook-id': 'evt_forged', 'webhook-timestamp': String(at), 'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}` } });
      expect([forged.status, await forged.text()]).toEqual([400, 'not verified: No matching signature found']);
      // Correctly signed with the endpoint's secret, but 10 minutes old: what a captured delivery replayed later looks like.
      const old = new Date((at - 600) * 1000);
      const replayHeaders = { 'webhook-id': 'evt_forged', 'webhook-timestamp': String(at - 600), 'webhook-signature': new Webhook(endpoint.secret).sign('evt_forged', old, body) };
      const replayed = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body, headers: replayHeaders });
      expect([replayed.status, await replayed.text()]).toEqual([400, 'not verified: Message timestamp too old']);
      expect(stdout).not.toContain('evt_forged');
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await http().delete(`/api/webhook-endpoints/${endpoint.id}`).set(signedIn()).expect(204);
  });
});
