import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ComparisonSchema, type Comparison } from '@preflight/shared';
import { makeRecut, makeVideo } from '../../scripts/media/generate';
import { startListeningApi, startWorker } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { waitUntil } from '../support/wait';

jest.setTimeout(300_000);

/**
 * Cut A: a silent still intro (3 s), four talking shots (12 s), a dead stretch (5 s of silence on a still card), two
 * more talking shots (8 s). Cut B is A re-cut by ffmpeg without the intro and without the dead stretch: B 0-12 s is
 * A 3-15 s (offset 3) and B 12-20 s is A 20-28 s (offset 8).
 */
const TALK = [
  'Three edits that keep people watching to the end.',
  'First, start talking in the very first second.',
  'Second, cut away the moment the energy drops.',
  'Third, show the result before you explain it.',
  'That is the whole trick, and it works every time.',
  'Try it on your next video and compare the two cuts.',
];

describe('GET /api/compare: a video and its re-cut (real worker, ffmpeg, PostgreSQL, Redis)', () => {
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let db: DataSource;
  let media: string;
  let alice: TestUser;
  let bob: TestUser;
  let aId: string;
  let bId: string;
  let comparison: Comparison;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });

  async function analysed(file: string, user: TestUser): Promise<string> {
    const upload = await http().post('/api/upload/').set(as(user)).field('platform', 'tiktok').attach('file', file).expect(200);
    const id: string = upload.body.reportId;
    await waitUntil(async () => {
      const res = await http().get(`/api/status/${id}`).set(as(user)).expect(200);
      if (res.body.status === 'error') throw new Error(`analysis failed: ${res.body.error}`);
      return res.body.status === 'completed';
    }, `the analysis of ${file} to finish`, 240_000, 200);
    return id;
  }

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-compare-'));
    const talk = (i: number, visual: 'testsrc' | 'gradients' | 'life', hue = 0) => ({ seconds: 4, visual, hue, speech: TALK[i], speechAt: 0.2, gainDb: 7 });
    const a = await makeVideo({
      dir: media, name: 'cut-a', width: 320, height: 568, wpm: 190,
      shots: [
        { seconds: 3, visual: 'still' },
        talk(0, 'testsrc'), talk(1, 'gradients'), talk(2, 'life'),
        { seconds: 5, visual: 'still', hue: 90 },
        talk(3, 'testsrc', 120), talk(4, 'gradients', 200),
      ],
    });
    const b = await makeRecut(a.path, [[3, 15], [20, 28]], join(media, 'cut-b.mp4'));
    ({ api } = await startListeningApi());
    worker = await startWorker();
    db = api.get<DataSource>(getDataSourceToken());
    [alice, bob] = await Promise.all([createTestUser('Alice'), createTestUser('Bob')]);
    await Promise.all([alice, bob].map((user) => http().get('/api/me').set(as(user)).expect(200)));
    // Two analyses: a paying creator, so the free analysis does not run out.
    await db.query(`INSERT INTO subscriptions (user_id, status, plan_type) SELECT id, 'active', 'creator_pro' FROM users WHERE firebase_uid = $1`, [alice.uid]);
    aId = await analysed(a.path, alice);
    bId = await analysed(b, alice);
    const res = await http().get('/api/compare').query({ a: aId, b: bId }).set(as(alice)).expect(200);
    comparison = ComparisonSchema.parse(res.body);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('aligns the re-cut within 0.2 s: intro and dead stretch removed, the rest matched', () => {
    const { stretches, same_video, coverage_b } = comparison.alignment;
    expect(same_video).toBe(true);
    expect(coverage_b).toBeGreaterThan(0.95);
    const matched = stretches.filter((s) => s.kind === 'matched');
    const removed = stretches.filter((s) => s.kind === 'removed');
    expect(matched).toHaveLength(2);
    expect(Math.abs(matched[0].a_start_s! - matched[0].b_start_s! - 3)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(matched[1].a_start_s! - matched[1].b_start_s! - 8)).toBeLessThanOrEqual(0.2);
    expect(removed).toHaveLength(2);
    expect(Math.abs(removed[0].a_start_s!)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(removed[0].a_end_s! - 3)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(removed[1].a_start_s! - 15)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(removed[1].a_end_s! - 20)).toBeLessThanOrEqual(0.2);
    expect(stretches.some((s) => s.kind === 'added')).toBe(false);
  });

  it('reports the problems of the removed parts as fixed, with their evidence and frames', () => {
    const fixed = comparison.issues.filter((i) => i.state === 'fixed');
    const inRemoved = (t: number) => t < 3 || (t >= 14.5 && t < 20.5);
    const fixedInRemoved = fixed.filter((i) => inRemoved(i.a!.timestamp_s));
    expect(fixedInRemoved.length).toBeGreaterThan(0);
    // the dead stretch in particular, and nothing like it left in B
    expect(fixedInRemoved.some((i) => i.a!.issue_id.startsWith('dead-segment'))).toBe(true);
    expect(comparison.issues.some((i) => i.state !== 'fixed' && i.b?.issue_id.startsWith('dead-segment'))).toBe(false);
    for (const issue of fixed) {
      expect(issue.a!.evidence.length).toBeGreaterThan(0);
      expect(issue.a!.frame_url).toMatch(new RegExp(`^/reports/${aId}_data/frames/`));
    }
  });

  it('says which cut to post, with both curves on the aligned timeline', () => {
    expect(comparison.a.report_id).toBe(aId);
    expect(comparison.b.report_id).toBe(bId);
    expect(comparison.score_delta).toBe(comparison.b.overall_score - comparison.a.overall_score);
    expect(comparison.verdict).toMatch(/^(Post [AB]|Either cut) \(score A \d+, B \d+\)/);
    const b0 = comparison.retention.b[0];
    expect(Math.abs(b0.aligned_s - 3)).toBeLessThanOrEqual(0.2);
    expect(comparison.retention.a).toHaveLength(Math.floor(comparison.a.duration_s) + 1);
  });

  it("answers 404 for another creator's report, as for any report that is not yours", async () => {
    await http().get('/api/compare').query({ a: aId, b: bId }).set(as(bob)).expect(404);
    const bobs = await analysedLater();
    await http().get('/api/compare').query({ a: aId, b: bobs }).set(as(alice)).expect(404);
    async function analysedLater() {
      const [row] = await db.query(`INSERT INTO reports (id, user_id, original_filename, status, progress)
        SELECT gen_random_uuid(), u.id, 'bob.mp4', 'completed', 100 FROM users u WHERE u.firebase_uid = $1 RETURNING id`, [bob.uid]);
      return row.id as string;
    }
  });

  it('refuses the same report twice, bad ids, no token, and an unfinished analysis', async () => {
    const same = await http().get('/api/compare').query({ a: aId, b: aId }).set(as(alice)).expect(400);
    expect(same.body.message).toBe('Pick two different versions to compare.');
    await http().get('/api/compare').query({ a: 'nope', b: bId }).set(as(alice)).expect(400);
    await http().get('/api/compare').query({ a: aId }).set(as(alice)).expect(400);
    await http().get('/api/compare').query({ a: aId, b: bId }).expect(401);
    await db.query(`UPDATE reports SET status = 'processing' WHERE id = $1`, [bId]);
    try {
      const busy = await http().get('/api/compare').query({ a: aId, b: bId }).set(as(alice)).expect(409);
      expect(busy.body).toMatchObject({ message: 'Version B is still being analysed; compare once it is ready.', reason: 'b_analysing' });
    } finally {
      await db.query(`UPDATE reports SET status = 'completed' WHERE id = $1`, [bId]);
    }
  });

  describe('a shared comparison', () => {
    const share = (body: object, user = alice) => http().post('/api/compare/share').set(as(user)).send(body);
    const open = (token: string) => http().get(`/public/compare/share/${encodeURIComponent(token)}`);

    it('opens to anyone with the link, without folders in the filenames, for 7 days', async () => {
      const made = await share({ a: aId, b: bId }).expect(201);
      expect(made.body).toMatchObject({ report_id: aId, compare_report_id: bId, allow_download: true, show_sensitive_data: false });
      expect(Date.parse(made.body.expires_at) - Date.parse(made.body.created_at)).toBe(7 * 24 * 3600 * 1000);
      const shared = await open(made.body.token).expect(200);
      const seen = ComparisonSchema.parse(shared.body.comparison);
      expect(seen.verdict).toBe(comparison.verdict);
      expect(seen.alignment.stretches).toEqual(comparison.alignment.stretches);
      expect(seen.a.filename).toBe('cut-a.mp4');
      // its frames open with the link's signature
      const frame = seen.issues.find((i) => i.a?.frame_url)!.a!.frame_url!;
      await http().get(frame).expect(200);
    });

    it('opens neither report on its own: not as a shared report, not its data, not its PDF', async () => {
      const { body } = await share({ a: aId, b: bId }).expect(201);
      await http().get(`/public/prevention/share/${body.token}`).expect(404);
      await http().get(`/reports/${aId}_data/report.json`).set('X-Share-Token', body.token).expect(404);
      await http().get(`/public/prevention/pdf/${aId}`).set('X-Share-Token', body.token).expect(404);
    });

    it("refuses another creator's reports, the same report twice, a life over 30 days, and a report link's token", async () => {
      await share({ a: aId, b: bId }, bob).expect(404);
      await share({ a: aId, b: aId }).expect(400);
      await share({ a: aId, b: bId, share_settings: { expiration_days: 31 } }).expect(400);
      const reportLink = await http().post(`/api/prevention/reports/${aId}/share`).set(as(alice)).send({}).expect(201);
      await open(reportLink.body.token).expect(404);
      await open('not-a-token').expect(404);
    });

    it('lists the live links of the comparison in either order of the cuts, and revokes one: it then opens nothing (issue 28)', async () => {
      const links = (query: object, user = alice) => http().get('/api/compare/share').query(query).set(as(user));
      const before = (await links({ a: aId, b: bId }).expect(200)).body as Array<{ id: string }>;
      const made = (await share({ a: bId, b: aId }).expect(201)).body; // made with the cuts swapped
      await open(made.token).expect(200);
      for (const query of [{ a: aId, b: bId }, { a: bId, b: aId }]) {
        const listed = (await links(query).expect(200)).body as Array<{ id: string; token: string; open_count: number }>;
        expect(listed).toHaveLength(before.length + 1);
        expect(listed[0]).toMatchObject({ id: made.id, token: made.token, open_count: 1 });
      }
      // A report's own links are not the comparison's, and the report's list does not show the comparison's.
      const reportLinks = (await http().get(`/api/prevention/reports/${aId}/share`).set(as(alice)).expect(200)).body as Array<{ id: string }>;
      expect(reportLinks.map((l) => l.id)).not.toContain(made.id);
      // Someone else's comparison or a link of another pair: 404, and nothing is revoked.
      await links({ a: aId, b: bId }, bob).expect(404);
      await http().delete(`/api/compare/share/${made.id}`).query({ a: aId, b: bId }).set(as(bob)).expect(404);
      await http().delete(`/api/compare/share/${reportLinks[0]!.id}`).query({ a: aId, b: bId }).set(as(alice)).expect(404);
      await open(made.token).expect(200);
      await http().delete(`/api/compare/share/${made.id}`).query({ a: aId, b: bId }).set(as(alice)).expect(204);
      await open(made.token).expect(404);
      expect(((await links({ a: aId, b: bId }).expect(200)).body as Array<{ id: string }>).map((l) => l.id)).not.toContain(made.id);
      await http().delete(`/api/compare/share/${made.id}`).query({ a: aId, b: bId }).set(as(alice)).expect(404);
    });
  });

  describe('the comparison PDF', () => {
    const pdf = (query: object) => http().get('/public/compare/pdf').query(query).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

    it('renders for the owner: a real PDF under 1 MB named after both cuts, with the verdict in it', async () => {
      const made = await http().post('/public/compare/pdf').query({ a: aId, b: bId }).set(as(alice)).expect(200);
      expect(made.body.id).toMatch(/^[0-9a-f]{16}$/);
      const res = await pdf({ a: aId, b: bId }).set(as(alice)).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain('comparison-cut-a-vs-cut-b.pdf');
      const bytes = res.body as Buffer;
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBeLessThan(1_000_000);
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString().replace(/\s+/g, ' ');
      expect(text).toContain(comparison.verdict.replace(/\s+/g, ' ').slice(0, 40));
      expect(text).toContain('Fixed in B');
      expect(text).toContain('Where each cut holds viewers');
    });

    it("opens with the pair's comparison link, never with a report link, another creator's token or nothing", async () => {
      const link = await http().post('/api/compare/share').set(as(alice)).send({ a: aId, b: bId }).expect(201);
      await pdf({ a: aId, b: bId }).set('X-Share-Token', link.body.token).expect(200);
      await pdf({ a: bId, b: aId }).set('X-Share-Token', link.body.token).expect(404);
      const reportLink = await http().post(`/api/prevention/reports/${aId}/share`).set(as(alice)).send({}).expect(201);
      await pdf({ a: aId, b: bId }).set('X-Share-Token', reportLink.body.token).expect(404);
      await pdf({ a: aId, b: bId }).set(as(bob)).expect(404);
      await pdf({ a: aId, b: bId }).expect(404);
      const noDownload = await http().post('/api/compare/share').set(as(alice)).send({ a: aId, b: bId, share_settings: { allow_download: false } }).expect(201);
      await pdf({ a: aId, b: bId }).set('X-Share-Token', noDownload.body.token).expect(404);
    });
  });
});

