import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { Report as AnalysisReport } from '@preflight/shared';
import { Clock } from '../../src/common/clock';
import { StorageService } from '../../src/infra/storage/storage.service';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

const UNAVAILABLE = 'Failed to load report. The link may have expired or be invalid.';
const DAY_MS = 24 * 3600 * 1000;
/** The product's body (docs/product.md, Endpoints). */
const productBody = (reportId: string) => ({
  report_id: reportId,
  user_id: 'ignored-by-the-server',
  share_settings: { is_public: true, allow_download: true, show_sensitive_data: false, expiration_days: 7 },
});
/** An error body without its per-request id: what must be identical between refusals. */
const withoutRequestId = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });

describe('Share links: create, read without an account, list, revoke, expire (real PostgreSQL, Auth emulator)', () => {
  let api: NestExpressApplication;
  let db: DataSource;
  let clock: Clock;
  let alice: TestUser;
  let bob: TestUser;
  let reportId: string;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const share = (body: object = productBody(reportId), user = alice, id = reportId) =>
    http().post(`/api/prevention/reports/${id}/share`).set(as(user)).send(body);
  const openShared = (token: string) => http().get(`/public/prevention/share/${encodeURIComponent(token)}`);
  /** Moves the injected clock; the real one is back after each test. */
  const travel = (ms: number) => {
    const at = new Date(Date.now() + ms);
    jest.spyOn(clock, 'now').mockReturnValue(at);
  };

  beforeAll(async () => {
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
    clock = api.get(Clock);
    [alice, bob] = await Promise.all([createTestUser('Alice Agency'), createTestUser('Bob')]);
    const me = await http().get('/api/me').set(as(alice)).expect(200);
    await http().get('/api/me').set(as(bob)).expect(200);

    // Alice's completed report: the engine's real sample report, uploaded from a folder that names her client.
    const original = 'C:\\Users\\alice\\Clients\\acme-secret\\launch-teaser.mp4';
    const report = await db.getRepository(Report).save({
      userId: me.body.id,
      originalFilename: original,
      status: 'completed',
      progress: 100,
      currentStep: 'completed',
      analyzedAt: new Date(),
    });
    reportId = report.id;
    const storage = api.get(StorageService);
    cpSync(SAMPLE_REPORT_SOURCE, storage.reportDir(reportId), { recursive: true });
    const data = JSON.parse(readFileSync(join(SAMPLE_REPORT_SOURCE, 'report.json'), 'utf8')) as AnalysisReport;
    data.video_info.original_filename = original;
    writeFileSync(join(storage.reportDir(reportId), 'report.json'), JSON.stringify(data));
  });

  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await api?.close();
  });

  it('share → public read without an account → revoke → refused at once, frames included', async () => {
    const created = await share().expect(201);
    const { token } = created.body;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits (HMAC-SHA256 of the link's id with the server's secret)
    expect(created.body.shareToken).toBe(token);
    // The dialog says "expires in 7 days": the server's answer must agree.
    expect(Date.parse(created.body.expires_at) - Date.parse(created.body.created_at)).toBe(7 * DAY_MS);
    expect(Math.abs(Date.parse(created.body.expires_at) - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);

    // Stored hashed: the token appears nowhere in the table.
    const rows = await db.query(`SELECT * FROM share_links WHERE report_id = $1`, [reportId]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const shared = await openShared(token).expect(200);
    expect(shared.body).toMatchObject({
      report_id: reportId,
      created_at: created.body.created_at,
      expires_at: created.body.expires_at,
      allow_download: true,
      show_sensitive_data: false,
    });
    const report = shared.body.report;
    expect(report.overall_score_and_recommendations.overall_performance_score).toEqual(expect.any(Number));
    expect(report.detailed_analysis.length + report.viral_hook.action_items.length).toBeGreaterThan(0);

    // The same contract as the owner's report.json, apart from how its frame URLs are signed.
    const owners = await http().get(`/reports/${reportId}_data/report.json`).set(as(alice)).expect(200);
    const unsigned = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/\?expires=[^"]*/g, ''));
    expect(Object.keys(report).sort()).toEqual(Object.keys(owners.body).sort());
    expect(unsigned(report.retention_curve)).toEqual(unsigned(owners.body.retention_curve));
    expect(unsigned(report.prevention_analytics)).toEqual(unsigned(owners.body.prevention_analytics));

    // Frames load without an account, with URLs signed for this link.
    const frameUrl: string = report.predictive_frames[0].thumbnail_url;
    expect(frameUrl).toMatch(new RegExp(`^/reports/${reportId}_data/frames/[\\w-]+\\.jpg\\?expires=\\d+&link=[0-9a-f-]{36}&signature=`));
    const frame = await http().get(frameUrl).expect(200);
    expect(frame.headers['content-type']).toBe('image/jpeg');
    await http().get(frameUrl.replace(/&link=[^&]+/, '')).expect(403); // the link id cannot be stripped
    // The old report-file route accepts the same token, through the same table.
    await http().get(`/reports/${reportId}_data/report.json?share=${token}`).expect(200);
    await http().get(`/reports/${reportId}_data/report.json`).set('X-Share-Token', token).expect(200);

    const listed = await http().get(`/api/prevention/reports/${reportId}/share`).set(as(alice)).expect(200);
    expect(listed.body.map((link: { id: string }) => link.id)).toContain(created.body.id);
    // Its owner (only: see the other-user test) can copy it again from the list.
    expect(listed.body.find((link: { id: string }) => link.id === created.body.id).token).toBe(token);

    await http().delete(`/api/prevention/reports/${reportId}/share/${created.body.id}`).set(as(alice)).expect(204);
    const refused = await openShared(token).expect(404);
    expect(refused.body.message).toBe(UNAVAILABLE);
    await http().get(frameUrl).expect(403);
    await http().get(`/reports/${reportId}_data/report.json?share=${token}`).expect(404);
    const after = await http().get(`/api/prevention/reports/${reportId}/share`).set(as(alice)).expect(200);
    expect(after.body.map((link: { id: string }) => link.id)).not.toContain(created.body.id);
    // Revoking twice: nothing left to revoke.
    await http().delete(`/api/prevention/reports/${reportId}/share/${created.body.id}`).set(as(alice)).expect(404);
  });

  it('keeps several links per report, each revoked on its own', async () => {
    const first = (await share().expect(201)).body;
    const second = (await share().expect(201)).body;
    expect(first.token).not.toBe(second.token);
    await http().delete(`/api/prevention/reports/${reportId}/share/${first.id}`).set(as(alice)).expect(204);
    await openShared(first.token).expect(404);
    await openShared(second.token).expect(200);
  });

  it('lists each live link with its token again (copy any), how often and when it was last opened, and the dashboard marks the report', async () => {
    const made = (await share().expect(201)).body;
    const list = async () => (await http().get(`/api/prevention/reports/${reportId}/share`).set(as(alice)).expect(200)).body as Array<Record<string, unknown>>;
    const listed = (await list()).find((link) => link.id === made.id)!;
    // Copied again from the list, the link is the one made: the same token, which opens the report.
    expect(listed).toMatchObject({ token: made.token, open_count: 0, last_opened_at: null, allow_download: true, expires_at: made.expires_at });
    travel(3600_000);
    await openShared(made.token).expect(200);
    await openShared(listed.token as string).expect(200);
    const opened = (await list()).find((link) => link.id === made.id)!;
    expect(opened.open_count).toBe(2);
    expect(Date.parse(opened.last_opened_at as string)).toBe(clock.now().getTime());
    // The dashboard shows which reports have a live link.
    const dashboard = async () => (await http().get('/api/dashboard/reports').set(as(alice)).expect(200)).body.reports.find((r: { id: string }) => r.id === reportId);
    const before = (await dashboard()).liveShareLinks;
    expect(before).toBeGreaterThanOrEqual(1);
    await http().delete(`/api/prevention/reports/${reportId}/share/${made.id}`).set(as(alice)).expect(204);
    expect((await list()).map((link) => link.id)).not.toContain(made.id);
    expect((await dashboard()).liveShareLinks).toBe(before - 1);
    // The token never sits in the database: only its hash.
    const [row] = await db.query(`SELECT * FROM share_links WHERE id = $1`, [made.id]);
    expect(JSON.stringify(row)).not.toContain(made.token);
  });

  it('refuses an expired link at once (injected clock, no waiting), and drops it from the list', async () => {
    const created = (await share({ share_settings: { expiration_days: 1 } }).expect(201)).body;
    await openShared(created.token).expect(200);

    travel(DAY_MS - 60_000);
    await openShared(created.token).expect(200);

    travel(DAY_MS + 1000);
    const refused = await openShared(created.token).expect(404);
    expect(refused.body.message).toBe(UNAVAILABLE);
    await http().get(`/reports/${reportId}_data/report.json?share=${created.token}`).expect(404);
    const listed = await http().get(`/api/prevention/reports/${reportId}/share`).set(as(alice)).expect(200);
    expect(listed.body.map((link: { id: string }) => link.id)).not.toContain(created.id);
  });

  it('defaults to 7 days and refuses lifetimes outside 1-30 days or a private link, with a clear message', async () => {
    const defaults = (await share({}).expect(201)).body;
    expect(Date.parse(defaults.expires_at) - Date.parse(defaults.created_at)).toBe(7 * DAY_MS);
    expect(defaults).toMatchObject({ allow_download: true, show_sensitive_data: false });
    const thirty = (await share({ share_settings: { expiration_days: 30 } }).expect(201)).body;
    expect(Date.parse(thirty.expires_at) - Date.parse(thirty.created_at)).toBe(30 * DAY_MS);

    for (const days of [0, 31, 1.5, '7', -1]) {
      const res = await share({ share_settings: { expiration_days: days } }).expect(400);
      expect(JSON.stringify(res.body.message)).toContain('expiration_days must be a whole number of days from 1 to 30');
    }
    const priv = await share({ share_settings: { is_public: false } }).expect(400);
    expect(JSON.stringify(priv.body.message)).toContain('is_public must be true');
    const other = await share({ report_id: '00000000-0000-4000-8000-000000000000' }).expect(400);
    expect(other.body.message).toBe('report_id does not match the report in the path');
    await share({ share_settings: { surprise: 1 } }).expect(400);
    // Optional fields sent as null mean "not sent" (report_id: null was a 500, found by the fuzz tier).
    const nulls = (await share({ report_id: null, user_id: null, share_settings: { expiration_days: null, allow_download: null } }).expect(201)).body;
    expect(nulls).toMatchObject({ report_id: reportId, allow_download: true });
    expect(Date.parse(nulls.expires_at) - Date.parse(nulls.created_at)).toBe(7 * DAY_MS);
    await share({ share_settings: null }).expect(201);
    await http().post(`/api/prevention/reports/${reportId}/share`).send(productBody(reportId)).expect(401);
  });

  it('lets no other user make, list or revoke links of a report that is not theirs', async () => {
    const alicesLink = (await share().expect(201)).body;
    const bobs = await share(productBody(reportId), bob).expect(404);
    expect(bobs.body.message).toBe('Report not found');
    await http().get(`/api/prevention/reports/${reportId}/share`).set(as(bob)).expect(404);
    await http().delete(`/api/prevention/reports/${reportId}/share/${alicesLink.id}`).set(as(bob)).expect(404);
    await openShared(alicesLink.token).expect(200); // still alive

    // Nor through a report of their own: a link id only revokes within its report.
    const bobMe = await http().get('/api/me').set(as(bob)).expect(200);
    const bobsReport = await db.getRepository(Report).save({
      userId: bobMe.body.id,
      originalFilename: 'bob.mp4',
      status: 'completed',
      progress: 100,
      currentStep: 'completed',
    });
    await http().delete(`/api/prevention/reports/${bobsReport.id}/share/${alicesLink.id}`).set(as(bob)).expect(404);
    await openShared(alicesLink.token).expect(200);
  });

  it('answers unknown, malformed, revoked and expired tokens with the same 404 body', async () => {
    const revoked = (await share().expect(201)).body;
    await http().delete(`/api/prevention/reports/${reportId}/share/${revoked.id}`).set(as(alice)).expect(204);
    const expiring = (await share({ share_settings: { expiration_days: 1 } }).expect(201)).body;

    const unknown = await openShared('A'.repeat(43)).expect(404);
    const malformed = await openShared('not a token!').expect(404);
    const gone = await openShared(revoked.token).expect(404);
    travel(2 * DAY_MS);
    const expired = await openShared(expiring.token).expect(404);

    const bodies = [unknown, malformed, gone, expired].map((res) => withoutRequestId(res.body));
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(bodies[0]).toMatchObject({ statusCode: 404, message: UNAVAILABLE });
  });

  it('hides the creator and the folders of the filename unless the creator chose to show them', async () => {
    const hidden = (await share().expect(201)).body;
    const res = await openShared(hidden.token).expect(200);
    expect(res.body.creator).toBeNull();
    expect(res.body.filename).toBe('launch-teaser.mp4');
    expect(res.body.report.video_info.original_filename).toBe('launch-teaser.mp4');
    const text = JSON.stringify(res.body);
    for (const secret of ['alice', 'acme-secret', 'Alice Agency', alice.email]) expect(text).not.toContain(secret);
    // The report-file route gives a share holder the same redacted data.
    const file = await http().get(`/reports/${reportId}_data/report.json?share=${hidden.token}`).expect(200);
    expect(file.body.video_info.original_filename).toBe('launch-teaser.mp4');

    const shown = (await share({ share_settings: { show_sensitive_data: true } }).expect(201)).body;
    const open = await openShared(shown.token).expect(200);
    expect(open.body.creator).toEqual({ name: 'Alice Agency', email: alice.email });
    expect(open.body.filename).toBe('C:\\Users\\alice\\Clients\\acme-secret\\launch-teaser.mp4');
  });

  it('refuses to share an analysis that has not finished', async () => {
    const me = await http().get('/api/me').set(as(alice)).expect(200);
    const running = await db.getRepository(Report).save({ userId: me.body.id, originalFilename: 'wip.mp4', status: 'processing' });
    const res = await share(productBody(running.id), alice, running.id).expect(409);
    expect(res.body.message).toBe('This report can be shared once its analysis has finished.');
  });
});
