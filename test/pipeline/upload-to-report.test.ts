import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { makeBadFile, makeTalkingVideo } from '../../scripts/media/generate';
import { StorageService } from '../../src/infra/storage/storage.service';
import { AnalysisProcessor } from '../../src/modules/analysis-jobs/analysis.processor';
import { MaintenanceService } from '../../src/modules/maintenance/maintenance.service';
import { startWorker, startListeningApi } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { TusTestClient } from '../support/tus-client';
import { waitUntil } from '../support/wait';

jest.setTimeout(240_000);

describe('upload → worker → report (real Postgres, Redis, ffmpeg)', () => {
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let db: DataSource;
  let storage: StorageService;
  let baseUrl: string;
  let media: string;
  let video: string;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let reportId: string;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  // The default storage folder outlives a run: count only what appeared since this file started.
  let uploadsBefore = new Set<string>();
  const uploadsOnDisk = () => readdirSync(storage.uploadsDir).filter((name) => !uploadsBefore.has(name)).length;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-pipeline-'));
    video = (await makeTalkingVideo({ dir: media, seconds: 8, width: 320, height: 568, name: 'vertical-talk' })).path;
    ({ api, baseUrl } = await startListeningApi());
    worker = await startWorker();
    db = api.get<DataSource>(getDataSourceToken());
    storage = api.get(StorageService);
    await storage.ensureLayout();
    uploadsBefore = new Set(readdirSync(storage.uploadsDir));
    [alice, bob, carol] = await Promise.all([createTestUser('Alice'), createTestUser('Bob'), createTestUser('Carol')]);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('analyses an uploaded video through every stage to completed, then deletes the video', async () => {
    const upload = await http().post('/api/upload/').set(as(alice)).field('feedbackStyle', 'brutal').attach('file', video).expect(200);
    reportId = upload.body.reportId;
    expect(reportId).toMatch(/^[0-9a-f-]{36}$/);

    const steps = new Set<string>();
    let lastProgress = 0;
    const final = await waitUntil(async () => {
      const res = await http().get(`/api/status/${reportId}`).set(as(alice)).expect(200);
      steps.add(res.body.currentStep);
      expect(res.body.progress).toBeGreaterThanOrEqual(lastProgress);
      lastProgress = res.body.progress;
      return res.body.status === 'processing' ? null : res.body;
    }, 'the analysis to finish', 180_000, 100);

    expect(final).toMatchObject({ reportId, filename: 'vertical-talk.mp4', status: 'completed', progress: 100, currentStep: 'completed', error: null });
    expect(steps.has('completed')).toBe(true);
    expect([...steps].some((s) => ['preprocessing', 'analyzing', 'generating'].includes(s))).toBe(true);

    const [row] = await db.query('SELECT * FROM reports WHERE id = $1', [reportId]);
    expect(row.viral_risk_score).toEqual(expect.any(Number));
    expect(row.drop_off_likelihood).toEqual(expect.any(Number));
    expect(row.watch_time_loss).toEqual(expect.any(Number));
    expect(row.prevention_roi).toEqual(expect.any(Number));
    expect(row.issues_count).toEqual(expect.any(Number));
    expect(row.feedback_style).toBe('brutal');
    expect(row.upload_path).toBeNull();
    expect(existsSync(join(storage.reportDir(reportId), 'report.json'))).toBe(true);
    expect(readdirSync(storage.framesDir(reportId)).length).toBeGreaterThan(0);
    // The row says completed first, then the worker deletes the file (a crash in between is swept): wait for it.
    await waitUntil(async () => uploadsOnDisk() === 0, 'the uploaded video to be deleted', 30_000, 50);
  });

  it('refuses a second free analysis with 402: the free analysis is used (no trial was ever had)', async () => {
    const res = await http().post('/api/upload/').set(as(alice)).attach('file', video).expect(402);
    expect(res.body).toMatchObject({ message: 'Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.', reason: 'free_analysis_used' });
    expect(uploadsOnDisk()).toBe(0);
  });

  it('lets an active subscription analyse again', async () => {
    const [{ id }] = await db.query('SELECT id FROM users WHERE firebase_uid = $1', [alice.uid]);
    await db.query(`INSERT INTO subscriptions (user_id, status, plan_type) VALUES ($1, 'active', 'creator_pro')`, [id]);
    const res = await http().post('/api/upload/').set(as(alice)).attach('file', video).expect(200);
    await waitUntil(async () => {
      const s = await http().get(`/api/status/${res.body.reportId}`).set(as(alice));
      return s.body.status === 'completed';
    }, 'the paid analysis', 180_000);
    await waitUntil(async () => uploadsOnDisk() === 0, 'the uploaded video to be deleted', 30_000, 50);
  });

  it('refuses a text file renamed .mp4 with a clear 4xx, keeps nothing and queues nothing', async () => {
    const fake = await makeBadFile(media, 'text-as-mp4');
    const res = await http().post('/api/upload/').set(as(bob)).attach('file', fake, { contentType: 'video/mp4' });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/unreadable|not a video/i);
    expect(uploadsOnDisk()).toBe(0);
    const [{ count }] = await db.query('SELECT count(*)::int AS count FROM reports r JOIN users u ON u.id = r.user_id WHERE u.firebase_uid = $1', [bob.uid]);
    expect(count).toBe(0);
  });

  it('refuses a non-video type with the spec message', async () => {
    const res = await http().post('/api/upload/').set(as(bob)).attach('file', Buffer.from('hello'), { filename: 'notes.txt', contentType: 'text/plain' }).expect(415);
    expect(res.body.message).toBe(
      'Please upload a valid video file. Supported formats: MP4, AVI, MOV, WMV, FLV, WEBM, OGG, OGV, 3GP, MKV, M4V, TS, MPEG, MPG, ASF. Current file type: text/plain.',
    );
  });

  it('refuses an upload over 1995 MB from its declared length, before reading it', async () => {
    const declared = 2100 * 1024 * 1024;
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${baseUrl}/api/upload/`, {
        method: 'POST',
        headers: { ...as(bob), 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(declared) },
      }, (r) => {
        let body = '';
        r.on('data', (c) => (body += c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('--x\r\n'); // the rest is never sent: the answer must not wait for it
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('File size (2100.0MB) must be less than 1995MB.');
    expect(uploadsOnDisk()).toBe(0);
  });

  it('ends a truncated video in a 4xx or an error status with a message, never stuck', async () => {
    const broken = await makeBadFile(media, 'truncated-faststart');
    const res = await http().post('/api/upload/').set(as(bob)).attach('file', broken);
    if (res.status === 200) {
      const final = await waitUntil(async () => {
        const s = await http().get(`/api/status/${res.body.reportId}`).set(as(bob));
        return s.body.status === 'processing' ? null : s.body;
      }, 'the truncated video to finish', 120_000);
      expect(final.status).toMatch(/error|completed/);
      if (final.status === 'error') expect(final.error.length).toBeGreaterThan(5);
      // The row says error first, then the worker deletes the file (as for a completed one): wait for it.
      await waitUntil(async () => uploadsOnDisk() === 0, 'the uploaded video to be deleted', 30_000, 50);
    } else {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.message.length).toBeGreaterThan(5);
    }
    expect(uploadsOnDisk()).toBe(0);
  });

  it('hides one user’s status from another (404) and validates the id (400)', async () => {
    await http().get(`/api/status/${reportId}`).set(as(bob)).expect(404);
    await http().get('/api/status/00000000-0000-4000-8000-000000000000').set(as(alice)).expect(404);
    await http().get('/api/status/not-a-uuid').set(as(alice)).expect(400);
    await http().get(`/api/status/${reportId}`).expect(401);
  });

  it('resumes an interrupted tus upload and stores it byte-identical', async () => {
    const processor = worker.get(AnalysisProcessor);
    await processor.worker.pause(true); // keep the file on disk long enough to compare it
    try {
      const bytes = readFileSync(video);
      const tus = new TusTestClient(baseUrl, carol.idToken);
      const created = await tus.create(bytes.length, { filename: 'resumed.mp4', filetype: 'video/mp4', feedbackStyle: 'gentle' });
      expect(created.status).toBe(201);
      const url = created.location!;

      // Someone else cannot resume or even see it.
      expect((await new TusTestClient(baseUrl, bob.idToken).offset(url)).status).toBe(404);

      const half = Math.floor(bytes.length / 2);
      await tus.patchInterrupted(url, 0, bytes.subarray(0, half), bytes.length);
      const { offset } = await tus.offset(url);
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(half);

      const done = await tus.patch(url, offset, bytes.subarray(offset));
      expect(done.status).toBe(200);
      const { reportId: resumedId } = JSON.parse(done.body);
      const [row] = await db.query('SELECT upload_path, feedback_style, original_filename FROM reports WHERE id = $1', [resumedId]);
      expect(row).toMatchObject({ feedback_style: 'gentle', original_filename: 'resumed.mp4' });
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      expect(sha(readFileSync(join(storage.root, row.upload_path)))).toBe(sha(bytes));
    } finally {
      processor.worker.resume();
    }
  });

  it('refuses tus creation for a non-video or without a token', async () => {
    const tus = new TusTestClient(baseUrl, bob.idToken);
    const wrong = await tus.create(100, { filename: 'notes.txt', filetype: 'text/plain' });
    expect(wrong.status).toBe(415);
    expect(JSON.parse(wrong.body).message).toMatch(/^Please upload a valid video file/);
    const anonymous = await fetch(`${baseUrl}/api/upload/tus`, { method: 'POST', headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': '10' } });
    expect(anonymous.status).toBe(401);
  });

  it('re-queues a report left processing without a job', async () => {
    const [{ id: userId }] = await db.query('SELECT id FROM users WHERE firebase_uid = $1', [alice.uid]);
    const copy = join(storage.uploadsDir, 'orphan.mp4');
    await import('node:fs/promises').then((fs) => fs.copyFile(video, copy));
    const [{ id }] = await db.query(
      `INSERT INTO reports (user_id, original_filename, status, current_step, upload_path, updated_at)
       VALUES ($1, 'orphan.mp4', 'processing', 'preprocessing', $2, now() - interval '10 minutes') RETURNING id`,
      [userId, 'uploads/orphan.mp4'],
    );
    const result = await worker.get(MaintenanceService).sweep();
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    await waitUntil(async () => (await db.query('SELECT status FROM reports WHERE id = $1', [id]))[0].status === 'completed', 'the re-queued analysis', 180_000);
  });

  describe('reading reports: the owner only', () => {
    it('lists the caller’s reports only, newest first, paginated', async () => {
      const mine = await http().get('/api/dashboard/reports?page=1&pageSize=10').set(as(alice)).expect(200);
      expect(mine.body.reports.map((r: { id: string }) => r.id)).toContain(reportId);
      const dates = mine.body.reports.map((r: { created_at: string }) => r.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(mine.body.reports[0]).toEqual(expect.objectContaining({ originalFilename: expect.any(String), status: expect.any(String) }));
      const theirs = await http().get('/api/dashboard/reports').set(as(bob)).expect(200);
      expect(theirs.body.reports.map((r: { id: string }) => r.id)).not.toContain(reportId);
      expect(mine.body.total).toBe(mine.body.reports.length);
      const paged = await http().get('/api/dashboard/reports?page=2&pageSize=1').set(as(alice)).expect(200);
      expect(paged.body).toMatchObject({ page: 2, pageSize: 1, total: mine.body.total });
      expect(paged.body.reports[0].id).toBe(mine.body.reports[1].id);
      const beyond = await http().get('/api/dashboard/reports?page=99&pageSize=10').set(as(alice)).expect(200);
      expect(beyond.body).toMatchObject({ reports: [], total: mine.body.total });
      await http().get('/api/dashboard/reports?pageSize=1000').set(as(alice)).expect(400);
      await http().get('/api/dashboard/reports?unknown=1').set(as(alice)).expect(400);
    });

    it('answers 404 to another user and 400 to a non-UUID on every report route', async () => {
      const routes: [string, string][] = [
        ['get', `/api/reports/${reportId}`],
        ['get', `/api/status/${reportId}`],
        ['get', `/api/prevention/dashboard/${reportId}`],
        ['get', `/api/prevention/analytics/${reportId}`],
        ['post', `/api/prevention/analyze/${reportId}`],
      ];
      for (const [method, path] of routes) {
        await (method === 'get' ? http().get(path) : http().post(path)).set(as(alice)).expect(200);
        await (method === 'get' ? http().get(path) : http().post(path)).set(as(bob)).expect(404);
        const bad = path.replace(reportId, 'nope');
        await (method === 'get' ? http().get(bad) : http().post(bad)).set(as(alice)).expect(400);
      }
    });

    it('gives the prevention analytics and re-derives for another style without decoding again', async () => {
      const analytics = await http().get(`/api/prevention/analytics/${reportId}`).set(as(alice)).expect(200);
      expect(analytics.body).toEqual(
        expect.objectContaining({
          viral_risk_score: expect.any(Number),
          predicted_drop_off_rate: expect.any(Number),
          predicted_watch_time_loss: expect.any(Number),
          prevention_roi: expect.objectContaining({ total_roi: expect.any(Number) }),
          prevention_fixes: expect.any(Array),
        }),
      );
      for (const fix of analytics.body.prevention_fixes) {
        expect(fix).toEqual(expect.objectContaining({ timestamp: expect.stringMatching(/^\d+:\d\d$/), evidence: expect.any(String), fix: expect.any(String) }));
      }
      const brutalCount = analytics.body.prevention_fixes.length;
      const gentle = await http().post(`/api/prevention/analyze/${reportId}`).set(as(alice)).send({ feedbackStyle: 'gentle' }).expect(200);
      expect(gentle.body.feedbackStyle).toBe('gentle');
      expect(gentle.body.analytics.prevention_fixes.length).toBeLessThanOrEqual(brutalCount);
      expect(gentle.body.retentionCurve.predicted).toBe(true);
      const [row] = await db.query('SELECT feedback_style, issues_count FROM reports WHERE id = $1', [reportId]);
      expect(row).toEqual({ feedback_style: 'gentle', issues_count: gentle.body.analytics.prevention_fixes.length });
      await http().post(`/api/prevention/analyze/${reportId}`).set(as(alice)).send({ feedbackStyle: 'savage' }).expect(400);

      const metrics = await http().get('/api/prevention/metrics').set(as(alice)).expect(200);
      expect(metrics.body.reportsAnalyzed).toBeGreaterThanOrEqual(1);
      const insights = await http().get('/api/prevention/insights').set(as(alice)).expect(200);
      expect(insights.body.riskTrend.length).toBeGreaterThanOrEqual(1);
      const empty = await http().get('/api/prevention/metrics').set(as(await createTestUser('Newcomer'))).expect(200);
      expect(empty.body).toMatchObject({ reportsAnalyzed: 0, averageViralRisk: null });
    });

    it('serves report.json to the owner or a valid share token only, with signed frame URLs', async () => {
      const path = `/reports/${reportId}_data/report.json`;
      await http().get(path).expect(401);
      await http().get(path).set(as(bob)).expect(404);
      await http().get(path).set('Authorization', 'Bearer forged.token.here').expect(401);
      const own = await http().get(path).set(as(alice)).expect(200);
      expect(own.body.video_info.original_filename).toBe('vertical-talk.mp4');
      const frameUrl: string = own.body.predictive_frames[0].thumbnail_url;
      expect(frameUrl).toMatch(new RegExp(`^/reports/${reportId}_data/frames/[\\w-]+\\.jpg\\?expires=\\d+&signature=`));

      const frame = await http().get(frameUrl).expect(200);
      expect(frame.headers['content-type']).toBe('image/jpeg');
      await http().get(frameUrl.replace(/signature=.{4}/, 'signature=AAAA')).expect(403);
      await http().get(frameUrl.split('?')[0]).expect(403);
      await http().get(`/reports/${reportId}_data/frames/..%2F..%2Freport.json?expires=1&signature=x`).expect((res) => expect([400, 403, 404]).toContain(res.status));

      const link = await http().post(`/api/prevention/reports/${reportId}/share`).set(as(alice)).send({}).expect(201);
      await http().get(`${path}?share=${link.body.token}`).expect(200);
      await http().get(path).set('X-Share-Token', link.body.token).expect(200);
      await http().get(`${path}?share=wrong-secret-123456789012`).expect(404);
      await http().delete(`/api/prevention/reports/${reportId}/share/${link.body.id}`).set(as(alice)).expect(204);
      await http().get(`${path}?share=${link.body.token}`).expect(404);

      // 48 hours later the frames are gone: the signed link answers 410, the text stays.
      await worker.get(MaintenanceService).sweep(new Date(Date.now() + 49 * 3600_000));
      await http().get(frameUrl).expect(410);
      const later = await http().get(path).set(as(alice)).expect(200);
      expect(later.body.frames_expired).toBe(true);
    });

    it('lists only public sample reports publicly', async () => {
      const res = await http().get('/public/dashboard/reports').expect(200);
      expect(res.body.map((r: { id: string }) => r.id)).not.toContain(reportId);
      for (const sample of res.body) {
        await http().get(`/reports/${sample.id}_data/report.json`).expect(200);
      }
    });
  });
});
