import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { makeVideo } from '../../scripts/media/generate';
import { StorageService } from '../../src/infra/storage/storage.service';
import { STANDIN_KEYS } from '../support/stripe/stripe-standin';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { Subscription } from '../../src/modules/subscriptions/subscription.entity';
import { createAnonymousUser, createTestUser } from '../support/firebase-emulator';
import type { OwnerWorld, World } from './cases';

/** Operations whose valid requests must not start a PDF render: they get the one report whose PDF is printed. */
const PDF_OPERATIONS = new Set(['generatePdf', 'downloadPdf']);

interface OwnerFixture {
  token: string;
  apiKey: string;
  /** A key the valid revoke requests may revoke, and a webhook endpoint (to the discard port: nothing listens). */
  revocableKey: string;
  endpoint: string;
  completed: string;
  processing: string;
  /** A live link whose token the valid requests present. */
  liveLink: { id: string; token: string };
  /** A link the valid revoke requests may revoke (the live one stays live). */
  revocableLink: string;
}

/**
 * Creators with real emulator tokens, each owning a completed report (the engine's real sample report), one still
 * processing and two share links; one more report with a downloadable link whose PDF is printed once up front, so
 * fuzzing the PDF routes reads the cache instead of printing hundreds of PDFs.
 */
export async function buildWorld(app: NestExpressApplication, owners: number): Promise<World & { pdfReportId: string }> {
  const video = await tinyVideo();
  const http = () => request(app.getHttpServer());
  const db = app.get<DataSource>(getDataSourceToken());
  const storage = app.get(StorageService);
  const address = '198.51.100.1'; // fixture set-up has its own client address, outside the fuzz's range

  const addReport = async (userId: string, status: 'completed' | 'processing', filename: string) => {
    const report = await db.getRepository(Report).save({
      userId,
      originalFilename: filename,
      status,
      progress: status === 'completed' ? 100 : 40,
      currentStep: status === 'completed' ? 'completed' : 'analyzing',
      analyzedAt: status === 'completed' ? new Date() : null,
    });
    if (status === 'completed') {
      cpSync(SAMPLE_REPORT_SOURCE, storage.reportDir(report.id), { recursive: true });
      const data = JSON.parse(readFileSync(join(storage.reportDir(report.id), 'report.json'), 'utf8')) as { video_info: { original_filename: string } };
      data.video_info.original_filename = filename;
      writeFileSync(join(storage.reportDir(report.id), 'report.json'), JSON.stringify(data));
    }
    return report.id;
  };
  const share = async (token: string, reportId: string) =>
    (await http().post(`/api/prevention/reports/${reportId}/share`).set('X-Forwarded-For', address).set('Authorization', `Bearer ${token}`).send({ share_settings: { allow_download: true } }).expect(201))
      .body as { id: string; token: string };

  const makeKey = async (token: string, scope: 'read' | 'write') =>
    (await http().post('/api/keys').set('X-Forwarded-For', address).set('Authorization', `Bearer ${token}`).send({ name: `fuzz ${scope}`, scope }).expect(201)).body as { id: string; key: string };
  const fixtures: OwnerFixture[] = [];
  for (let i = 0; i < owners; i += 1) {
    const user = await createTestUser(`Fuzz Owner ${i}`);
    const me = await http().get('/api/me').set('X-Forwarded-For', address).set('Authorization', `Bearer ${user.idToken}`).expect(200);
    const completed = await addReport(me.body.id as string, 'completed', `owner-${i} Café 🎬.mp4`);
    const processing = await addReport(me.body.id as string, 'processing', `owner-${i}-running.mov`);
    const liveLink = await share(user.idToken, completed);
    const revocableLink = (await share(user.idToken, completed)).id;
    const apiKey = (await makeKey(user.idToken, 'write')).key;
    const revocableKey = (await makeKey(user.idToken, 'read')).id;
    const endpoint = (
      await http()
        .post('/api/webhook-endpoints')
        .set('X-Forwarded-For', address)
        .set('Authorization', `Bearer ${user.idToken}`)
        .send({ url: 'http://127.0.0.1:9/fuzz-hook', events: ['share.opened'] })
        .expect(201)
    ).body.id as string;
    fixtures.push({ token: user.idToken, apiKey, revocableKey, endpoint, completed, processing, liveLink, revocableLink });
  }

  const pdfReportId = await addReport((await db.query('SELECT user_id FROM reports WHERE id = $1', [fixtures[0].completed]))[0].user_id as string, 'completed', 'printed.mp4');
  const pdfLink = await share(fixtures[0].token, pdfReportId);
  await http().post(`/public/prevention/pdf/${pdfReportId}`).set('X-Forwarded-For', address).set('X-Share-Token', pdfLink.token).expect(200);

  const [stranger, guest] = await Promise.all([createTestUser('Fuzz Stranger'), createAnonymousUser()]);
  // The uploader has a live Creator Pro plan, so every upload reaches the file checks (and a real video is accepted).
  const uploader = await createTestUser('Fuzz Uploader');
  const uploaderId = (await http().get('/api/me').set('X-Forwarded-For', address).set('Authorization', `Bearer ${uploader.idToken}`).expect(200)).body.id as string;
  await db.getRepository(Subscription).save({ userId: uploaderId, status: 'active', planType: 'creator_pro', currentPeriodEnd: new Date(Date.now() + 30 * 24 * 3600_000) });
  const readKey = (await makeKey(fixtures[0].token, 'read')).key;
  const strangerKey = (await makeKey(stranger.idToken, 'write')).key;
  const revoked = await makeKey(fixtures[1 % fixtures.length].token, 'write');
  await http().delete(`/api/keys/${revoked.id}`).set('X-Forwarded-For', address).set('Authorization', `Bearer ${fixtures[1 % fixtures.length].token}`).expect(204);
  const ownerWorld = (fixture: OwnerFixture): OwnerWorld => ({
    token: fixture.token,
    apiKey: fixture.apiKey,
    known(operationId, parameter) {
      if (PDF_OPERATIONS.has(operationId)) {
        if (parameter === 'reportId') return [pdfReportId];
        if (parameter === 'X-Share-Token') return [pdfLink.token];
      }
      switch (parameter) {
        case 'reportId':
          return [fixture.completed, fixture.completed, fixture.processing];
        case 'folder':
          return [`${fixture.completed}_data`, `${fixture.processing}_data`];
        case 'linkId':
          return [fixture.revocableLink];
        case 'keyId':
          return [fixture.revocableKey];
        case 'endpointId':
          return [fixture.endpoint];
        case 'token':
        case 'share':
        case 'X-Share-Token':
          return [fixture.liveLink.token];
        default:
          return [];
      }
    },
  });
  return {
    owners: fixtures.map(ownerWorld),
    stranger: stranger.idToken,
    guest: guest.idToken,
    keys: { read: readKey, stranger: strangerKey, refused: [revoked.key, `pf_live_${'0'.repeat(32)}`, 'pf_live_', 'pf_test_abc'] },
    // Uploads come from the creator with a plan (owners have spent their free analysis: 402 before the file is read).
    sender: (operationId) => (operationId === 'uploadVideo' ? uploader.idToken : undefined),
    video,
    // Stripe's webhook events are signed with the stand-in's secret, as Stripe signs them with the endpoint's.
    sign: (operationId, payload) =>
      operationId === 'stripeWebhook' ? { 'Stripe-Signature': webhookSigner.webhooks.generateTestHeaderString({ payload, secret: STANDIN_KEYS.webhookSecret }) } : undefined,
    pdfReportId,
  };
}

const webhookSigner = new Stripe(STANDIN_KEYS.secretKey);

/** A real one-second video (ffmpeg), for the uploads that should be accepted. */
async function tinyVideo(): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'preflight-fuzz-'));
  try {
    const { path } = await makeVideo({ dir, name: 'fuzz', width: 160, height: 284, shots: [{ seconds: 1, visual: 'bars' }], noAudio: true });
    return readFileSync(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
