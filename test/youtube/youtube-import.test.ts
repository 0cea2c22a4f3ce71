import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { StorageService } from '../../src/infra/storage/storage.service';
import { MeasuredRetention } from '../../src/modules/measured-retention/measured-retention.entity';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { YoutubeConnection } from '../../src/modules/youtube/youtube-connection.entity';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { STANDIN_CLIENT, startGoogleStandIn, type GoogleStandIn, type RetentionRow } from '../support/google-standin';

const VIDEO = 'Pf1ightV1d0';
/** YouTube's audience-retention rows of the posted sample video (28.3 s): 100 points, a fall around 0:10 (0.35-0.42). */
const CURVE: RetentionRow[] = Array.from({ length: 100 }, (_, i) => {
  const t = (i + 1) / 100;
  const watch = 0.97 - 0.25 * t - (t > 0.35 ? Math.min(0.15, (t - 0.35) * 2) : 0);
  return [t, Math.round(watch * 10_000) / 10_000, 0.55];
});
const GOOGLE_ENV = ['GOOGLE_OAUTH_CLIENT_ID', 'GOOGLE_OAUTH_CLIENT_SECRET', 'GOOGLE_API_BASE', 'TOKEN_ENCRYPTION_KEY'];

describe('YouTube import: connect, import, refresh, revoked consent, disconnect, owner only (Google stand-in, real PostgreSQL, Auth emulator)', () => {
  let api: NestExpressApplication;
  let db: DataSource;
  let google: GoogleStandIn;
  let alice: TestUser;
  let bob: TestUser;
  let aliceReport: string;
  let bobReport: string;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const importUrl = (id: string) => `/api/reports/${id}/measured-retention/youtube`;
  const connections = () => db.getRepository(YoutubeConnection);

  async function postedReport(user: TestUser, name: string): Promise<string> {
    const me = await http().get('/api/me').set(as(user)).expect(200);
    const report = await db.getRepository(Report).save({ userId: me.body.id, originalFilename: name, status: 'completed', progress: 100, currentStep: 'completed', analyzedAt: new Date() });
    cpSync(SAMPLE_REPORT_SOURCE, api.get(StorageService).reportDir(report.id), { recursive: true });
    return report.id;
  }

  /** The creator's browser: start, Google's consent page (redirects back with code and state), then the app's POST. */
  async function consent(user: TestUser): Promise<{ code: string; state: string }> {
    const started = await http().post('/api/youtube/connection/start').set(as(user)).expect(200);
    const consentPage = await fetch(started.body.authorization_url, { redirect: 'manual' });
    expect(consentPage.status).toBe(302);
    const back = new URL(consentPage.headers.get('location')!);
    expect(back.pathname).toBe('/app/settings/youtube');
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  }

  beforeAll(async () => {
    google = await startGoogleStandIn();
    google.setRetention(VIDEO, CURVE);
    Object.assign(process.env, {
      GOOGLE_OAUTH_CLIENT_ID: STANDIN_CLIENT.id,
      GOOGLE_OAUTH_CLIENT_SECRET: STANDIN_CLIENT.secret,
      GOOGLE_API_BASE: google.baseUrl,
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
    [alice, bob] = await Promise.all([createTestUser('Alice'), createTestUser('Bob')]);
    aliceReport = await postedReport(alice, 'posted.mp4');
    bobReport = await postedReport(bob, 'bobs.mp4');
  });

  afterAll(async () => {
    for (const key of GOOGLE_ENV) delete process.env[key];
    await api?.close();
    await google?.close();
  });

  it('connects with a state bound to the creator; tokens are stored sealed; the import equals YouTube’s curve', async () => {
    await http().get('/api/youtube/connection').set(as(alice)).expect(200, { available: true, status: 'not_connected', connected_at: null });
    const started = await http().post('/api/youtube/connection/start').set(as(alice)).expect(200);
    const asked = new URL(started.body.authorization_url);
    expect(`${asked.origin}${asked.pathname}`).toBe(`${google.baseUrl}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ scope: 'https://www.googleapis.com/auth/yt-analytics.readonly', access_type: 'offline', response_type: 'code' });

    const { code, state } = await consent(alice);
    // Bob cannot complete Alice's sign-in (nor plant his channel on her account with his own code and her state).
    const refused = await http().post('/api/youtube/connection').set(as(bob)).send({ code, state }).expect(400);
    expect(refused.body.message).toBe('This YouTube sign-in was not started from your account here, or it took too long. Connect again.');
    const connected = await http().post('/api/youtube/connection').set(as(alice)).send({ code, state }).expect(200);
    expect(connected.body).toMatchObject({ available: true, status: 'connected' });

    const me = await http().get('/api/me').set(as(alice)).expect(200);
    const row = await connections().findOneByOrFail({ userId: me.body.id });
    const stored = JSON.stringify(row);
    expect(google.issuedTokens().length).toBeGreaterThanOrEqual(2);
    for (const token of google.issuedTokens()) expect(stored).not.toContain(token);
    expect(row.refreshTokenSealed).toMatch(/^v1\./);

    const imported = await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: `https://www.youtube.com/shorts/${VIDEO}?feature=share` }).expect(200);
    expect(imported.body.measured.source).toBe('youtube');
    const { comparison } = imported.body.measured;
    expect(comparison.duration_s).toBe(28.3);
    expect(comparison.measured).toHaveLength(CURVE.length);
    // Stored like every measured curve: times to 0.01 s, retention to 0.1 point.
    comparison.measured.forEach((p: { t_s: number; retention_pct: number }, i: number) => {
      expect(Math.abs(p.t_s - CURVE[i]![0] * 28.3)).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(Math.abs(p.retention_pct - CURVE[i]![1] * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
    });
    // The chart's data: GET answers the same, and a drop-off at 0:10 is confirmed by the fall that starts there.
    expect((await http().get(`/api/reports/${aliceReport}/measured-retention`).set(as(alice)).expect(200)).body).toEqual(imported.body);
    expect(comparison.drop_offs.find((d: { timestamp: string }) => d.timestamp === '0:10')?.confirmed).toBe(true);

    const query = google.requests.filter((r) => r.path === '/v2/reports').at(-1)!;
    expect(Object.fromEntries(query.query)).toMatchObject({
      ids: 'channel==MINE',
      dimensions: 'elapsedVideoTimeRatio',
      metrics: 'audienceWatchRatio,relativeRetentionPerformance',
      filters: `video==${VIDEO}`,
    });
    expect(query.query.get('startDate')! < query.query.get('endDate')!).toBe(true);
    expect(google.violations).toEqual([]);
  });

  it('another creator can neither use my connection nor import into my report', async () => {
    const curvesBefore = await db.getRepository(MeasuredRetention).findOneByOrFail({ reportId: aliceReport });
    await http().post(importUrl(aliceReport)).set(as(bob)).send({ video: VIDEO }).expect(404);
    const own = await http().post(importUrl(bobReport)).set(as(bob)).send({ video: VIDEO }).expect(409);
    expect(own.body.message).toBe('Connect YouTube first, then pick the posted video.');
    await http().get('/api/youtube/connection').set(as(bob)).expect(200, { available: true, status: 'not_connected', connected_at: null });
    await http().delete('/api/youtube/connection').set(as(bob)).expect(404);
    await http().post(importUrl(aliceReport)).send({ video: VIDEO }).expect(401);
    expect(await db.getRepository(MeasuredRetention).findOneByOrFail({ reportId: aliceReport })).toEqual(curvesBefore);
    // Only Alice's connection is left, and it still works for her.
    expect(await connections().count()).toBe(1);
  });

  it('plain-words refusals: not a video, not on the channel', async () => {
    const notVideo = await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: 'https://vimeo.com/123' }).expect(400);
    expect(notVideo.body.message).toMatch(/^That is not a YouTube video link or id\./);
    const otherChannel = await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: 'AAAAAAAAAAA' }).expect(400);
    expect(otherChannel.body.message).toBe('YouTube did not give the retention of this video. Is it on the channel you connected, and is it public or unlisted?');
  });

  it('an expired access token is refreshed without the creator noticing', async () => {
    const refreshesBefore = google.requests.filter((r) => r.form.get('grant_type') === 'refresh_token').length;
    google.expireAccessTokens();
    await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: VIDEO }).expect(200);
    expect(google.requests.filter((r) => r.form.get('grant_type') === 'refresh_token')).toHaveLength(refreshesBefore + 1);
    // Expired by the clock too: refreshed before the call, not after a 401.
    await connections().update({ status: 'connected' }, { accessTokenExpiresAt: new Date(Date.now() - 1000) });
    const reportsBefore = google.requests.filter((r) => r.path === '/v2/reports').length;
    await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: VIDEO }).expect(200);
    expect(google.requests.filter((r) => r.form.get('grant_type') === 'refresh_token')).toHaveLength(refreshesBefore + 2);
    expect(google.requests.filter((r) => r.path === '/v2/reports')).toHaveLength(reportsBefore + 1);
  });

  it('Google unreachable answers 503 in plain words; the connection is kept', async () => {
    google.failWith(503);
    try {
      await connections().update({ status: 'connected' }, { accessTokenExpiresAt: new Date(Date.now() - 1000) });
      const down = await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: VIDEO }).expect(503);
      expect(down.body.message).toBe('YouTube could not be reached just now. Try again in a few minutes.');
    } finally {
      google.failWith(null);
    }
    expect((await http().get('/api/youtube/connection').set(as(alice)).expect(200)).body.status).toBe('connected');
  });

  it('consent withdrawn at Google: a clear error, the tokens erased, the connection marked withdrawn', async () => {
    google.revokeConsent();
    google.expireAccessTokens();
    const withdrawn = await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: VIDEO }).expect(409);
    expect(withdrawn.body.message).toBe('YouTube access was withdrawn; connect again.');
    expect((await http().get('/api/youtube/connection').set(as(alice)).expect(200)).body).toMatchObject({ status: 'withdrawn', connected_at: null });
    const row = await connections().findOneByOrFail({});
    expect(row).toMatchObject({ status: 'withdrawn', refreshTokenSealed: null, accessTokenSealed: null, accessTokenExpiresAt: null });
    // Asked again, it answers the same without calling Google.
    const before = google.requests.length;
    await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: VIDEO }).expect(409);
    expect(google.requests).toHaveLength(before);
  });

  it('a permission left unticked at Google is refused and given back', async () => {
    google.grantScopes('openid');
    try {
      const refused = await http().post('/api/youtube/connection').set(as(alice)).send(await consent(alice)).expect(400);
      expect(refused.body.message).toMatch(/^Preflight needs permission to see your YouTube Analytics/);
    } finally {
      google.grantScopes(null);
    }
    expect(google.revoked).toHaveLength(1);
  });

  it('disconnect revokes at Google and deletes the tokens (the row is gone)', async () => {
    await http().post('/api/youtube/connection').set(as(alice)).send(await consent(alice)).expect(200);
    await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: `https://youtu.be/${VIDEO}` }).expect(200);
    const me = await http().get('/api/me').set(as(alice)).expect(200);
    expect(await connections().countBy({ userId: me.body.id })).toBe(1);
    const revokedBefore = google.revoked.length;

    await http().delete('/api/youtube/connection').set(as(alice)).expect(200, { revoked_at_google: true });
    expect(await connections().countBy({ userId: me.body.id })).toBe(0);
    expect(google.revoked).toHaveLength(revokedBefore + 1);
    expect(google.requests.at(-1)).toMatchObject({ method: 'POST', path: '/revoke' });
    await http().get('/api/youtube/connection').set(as(alice)).expect(200, { available: true, status: 'not_connected', connected_at: null });
    // The imported curve stays (it is the report's, like a CSV import); only the access is gone.
    await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: VIDEO }).expect(409);
    expect(await db.getRepository(MeasuredRetention).countBy({ reportId: aliceReport })).toBe(1);
  });

  it('tokens that no longer open (the key was changed) ask the creator to connect again, not a 500', async () => {
    await http().post('/api/youtube/connection').set(as(alice)).send(await consent(alice)).expect(200);
    const other = `v1.${Buffer.alloc(12).toString('base64url')}.${Buffer.alloc(16).toString('base64url')}.AAAA`;
    await connections().update({ status: 'connected' }, { accessTokenSealed: other, refreshTokenSealed: other });
    const refused = await http().post(importUrl(aliceReport)).set(as(alice)).send({ video: VIDEO }).expect(409);
    expect(refused.body.message).toBe('YouTube access was withdrawn; connect again.');
    expect(await connections().findOneByOrFail({ status: 'withdrawn' })).toMatchObject({ refreshTokenSealed: null, accessTokenSealed: null });
    await http().delete('/api/youtube/connection').set(as(alice)).expect(200);
  });

  it('with Google down entirely (nothing listening), connecting answers 503', async () => {
    const { code, state } = await consent(alice);
    await google.close();
    const down = await http().post('/api/youtube/connection').set(as(alice)).send({ code, state }).expect(503);
    expect(down.body.message).toBe('YouTube could not be reached just now. Try again in a few minutes.');
  });
});

describe('YouTube import on a server without a Google client (npm start without credentials)', () => {
  let api: NestExpressApplication;
  let alice: TestUser;

  beforeAll(async () => {
    for (const key of GOOGLE_ENV) delete process.env[key];
    api = await startApiApp();
    alice = await createTestUser('Carol');
  });

  afterAll(async () => {
    await api?.close();
  });

  it('says so in a creator’s words, naming no setting', async () => {
    const http = () => request(api.getHttpServer());
    const as = { Authorization: `Bearer ${alice.idToken}` };
    await http().get('/api/youtube/connection').set(as).expect(200, { available: false, status: 'not_connected', connected_at: null });
    const start = await http().post('/api/youtube/connection/start').set(as).expect(503);
    expect(start.body.message).toBe('Importing from YouTube is not set up on this server. You can still add the measured retention as a CSV file exported from YouTube Studio.');
    expect(start.body.message).not.toMatch(/[A-Z]+_[A-Z_]+|env|variable|config/i);
    await http().get('/api/measured-retention/progress').set(as).expect(200, { measured_videos: 0, needed: 3 });
  });
});
