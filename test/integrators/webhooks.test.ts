import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getQueueToken } from '@nestjs/bullmq';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import { cpSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { DataSource } from 'typeorm';
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
import { WebhookReceiver } from '../support/webhook-receiver';

jest.setTimeout(180_000);
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
    expect(endpoint.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const listed = await http().get('/api/webhook-endpoints').set(signedIn()).expect(200);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);

    receiver.answerWith(() => ({ status: 200, body: 'thanks' }));
    const sent = await http().post(`/api/webhook-endpoints/${endpoint.id}/test`).set(signedIn()).expect(202);
    const event = await receiver.waitFor((e) => e.id === sent.body.event_id);
    expect(event).toMatchObject({ type: 'webhook.test', verified: true });
    expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
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
    const literal = await sendWebhook(hookUrl, 's', '{}', { allowPrivate: false });
    // "vm" is 127.0.0.1 in this machine's /etc/hosts: refused when connecting, after the lookup (no rebinding window).
    const named = await sendWebhook(`http://vm:${port}/preflight-hook`, 's', '{}', { allowPrivate: false });
    expect(literal).toEqual({ kind: 'refused', reason: PRIVATE_REFUSED });
    expect(named).toEqual({ kind: 'refused', reason: PRIVATE_REFUSED });
    expect(receiver.received.length).toBe(before);
    // Allowed (tests, local development): the same name is called.
    receiver.answerWith(() => ({ status: 200 }));
    const allowed = await sendWebhook(`http://vm:${port}/preflight-hook`, 's', JSON.stringify({ id: 'evt_x', type: 't', created: 0, data: {} }), { allowPrivate: true });
    expect(allowed).toMatchObject({ kind: 'answered', status: 400 }); // our receiver refuses the wrong secret
  });

  it('follows no redirect, and gives up on a receiver that does not answer within 5 s', async () => {
    let otherHostCalls = 0;
    const other = createServer((_req, res) => {
      otherHostCalls += 1;
      res.end('ok');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    receiver.secret = 's';
    receiver.answerWith(() => ({ status: 302, headers: { Location: `http://127.0.0.1:${(other.address() as AddressInfo).port}/` } }));
    const body = JSON.stringify({ id: 'evt_redirect', type: 't', created: 0, data: {} });
    const redirected = await sendWebhook(hookUrl, 's', body, { allowPrivate: true });
    expect(redirected).toMatchObject({ kind: 'answered', status: 302 });
    expect(otherHostCalls).toBe(0);
    other.close();

    receiver.answerWith(() => 'hang');
    const started = Date.now();
    const hung = await sendWebhook(hookUrl, 's', JSON.stringify({ id: 'evt_hang', type: 't', created: 0, data: {} }), { allowPrivate: true });
    expect(hung).toEqual({ kind: 'error', reason: 'no answer within 5 s' });
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
