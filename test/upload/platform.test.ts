import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { mss } from '../../src/analysis/time';
import { StorageService } from '../../src/infra/storage/storage.service';
import { startWorker, startListeningApi } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { TusTestClient } from '../support/tus-client';
import { waitUntil } from '../support/wait';

jest.setTimeout(240_000);

const PLATFORM_ERROR = 'platform must be one of: auto, tiktok, shorts, reels, youtube';

/** The target platform at upload (multipart field and tus metadata), stored on the row, applied by the engine, changed by re-derivation. */
describe('target platform: upload → report → re-derive (real Postgres, Redis, ffmpeg)', () => {
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let db: DataSource;
  let storage: StorageService;
  let baseUrl: string;
  let media: string;
  let video: string;
  let creator: TestUser;
  let uploadsBefore = new Set<string>();

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const uploadsOnDisk = () => readdirSync(storage.uploadsDir).filter((name) => !uploadsBefore.has(name)).length;
  const rowOf = async (id: string) => (await db.query('SELECT platform, status FROM reports WHERE id = $1', [id]))[0];
  const reportCount = async () =>
    (await db.query('SELECT count(*)::int AS n FROM reports r JOIN users u ON u.id = r.user_id WHERE u.firebase_uid = $1', [creator.uid]))[0].n;
  const completed = (id: string) =>
    waitUntil(async () => ((await rowOf(id)).status === 'processing' ? null : rowOf(id)), `the analysis of ${id} to finish`, 180_000, 100);

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-platform-'));
    video = (await makeTalkingVideo({ dir: media, seconds: 5, width: 320, height: 568, name: 'vertical-talk' })).path;
    ({ api, baseUrl } = await startListeningApi());
    worker = await startWorker();
    db = api.get<DataSource>(getDataSourceToken());
    storage = api.get(StorageService);
    await storage.ensureLayout();
    uploadsBefore = new Set(readdirSync(storage.uploadsDir));
    creator = await createTestUser('Platform Picker');
    await http().get('/api/me').set(as(creator)).expect(200);
    // Several analyses in one file: a paying creator, so the free analysis does not run out.
    const [{ id }] = await db.query('SELECT id FROM users WHERE firebase_uid = $1', [creator.uid]);
    await db.query(`INSERT INTO subscriptions (user_id, status, plan_type) VALUES ($1, 'active', 'creator_pro')`, [id]);
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('multipart: the chosen platform is stored on the report, applied by the engine, and re-derived for another', async () => {
    const upload = await http().post('/api/upload/').set(as(creator)).field('platform', 'tiktok').attach('file', video).expect(200);
    const id: string = upload.body.reportId;
    expect(await rowOf(id)).toMatchObject({ platform: 'tiktok' });
    expect(await completed(id)).toMatchObject({ status: 'completed', platform: 'tiktok' });

    const report = (await http().get(`/reports/${id}_data/report.json`).set(as(creator)).expect(200)).body;
    expect(report.report_metadata).toMatchObject({ platform_requested: 'tiktok', platform: 'tiktok' });
    expect(report.platform_preset).toMatchObject({ platform: 'tiktok', requested: 'tiktok', auto_reason: null });
    expect(report.platform_preset.checks.map((c: { id: string }) => c.id)).toEqual(['length', 'aspect', 'loudness', 'hook', 'safe_zone', 'captions']);
    expect(report.platform_preset.checks[0]).toMatchObject({ status: 'pass', measured: mss(report.video_info.duration_seconds), target: 'up to 10:00' });

    // Re-derive for YouTube (no decoding): the preset, its hook window and the row follow.
    const rederived = await http().post(`/api/prevention/analyze/${id}`).set(as(creator)).send({ platform: 'youtube' }).expect(200);
    expect(rederived.body.platform).toBe('youtube');
    const after = (await http().get(`/reports/${id}_data/report.json`).set(as(creator)).expect(200)).body;
    expect(after.platform_preset).toMatchObject({ platform: 'youtube', requested: 'youtube' });
    expect(after.platform_preset.checks.find((c: { id: string }) => c.id === 'length')).toMatchObject({ target: 'any length' });
    expect(after.platform_preset.checks.find((c: { id: string }) => c.id === 'hook')).toMatchObject({
      target: `a hook in the first ${Math.round(after.viral_hook.hook_window_s * 10) / 10} s`,
    });
    expect(after.viral_hook.hook_window_s).toBeGreaterThan(3); // YouTube's 10 s window, or the whole video when shorter
    expect(await rowOf(id)).toMatchObject({ platform: 'youtube' });

    // Auto says what it chose and why.
    await http().post(`/api/prevention/analyze/${id}`).set(as(creator)).send({ platform: 'auto' }).expect(200);
    const auto = (await http().get(`/reports/${id}_data/report.json`).set(as(creator)).expect(200)).body;
    expect(auto.platform_preset).toMatchObject({ platform: 'shorts', requested: 'auto' });
    expect(auto.platform_preset.auto_reason).toMatch(new RegExp(`^vertical .*, ${mss(auto.video_info.duration_seconds)} → YouTube Shorts`));
    await http().post(`/api/prevention/analyze/${id}`).set(as(creator)).send({ platform: 'instagram' }).expect(400);
  });

  it('multipart: no platform means auto; an unknown one is a 400 that stores and queues nothing', async () => {
    const before = await reportCount();
    const bad = await http().post('/api/upload/').set(as(creator)).field('platform', 'instagram').attach('file', video).expect(400);
    expect(bad.body.message).toBe(PLATFORM_ERROR);
    const twice = await http().post('/api/upload/').set(as(creator)).field('platform', 'tiktok').field('platform', 'reels').attach('file', video).expect(400);
    expect(twice.body.message).toBe(PLATFORM_ERROR);
    expect(await reportCount()).toBe(before);
    await waitUntil(async () => uploadsOnDisk() === 0, 'the refused uploads to be deleted', 30_000, 50);

    const plain = await http().post('/api/upload/').set(as(creator)).attach('file', video).expect(200);
    expect(await rowOf(plain.body.reportId)).toMatchObject({ platform: 'auto' });
    await completed(plain.body.reportId);
  });

  it('tus: the platform metadata is checked when the upload is created and stored with the report', async () => {
    const bytes = readFileSync(video);
    const tus = new TusTestClient(baseUrl, creator.idToken);
    const bad = await tus.create(bytes.length, { filename: 'reel.mp4', filetype: 'video/mp4', platform: 'myspace' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).message).toBe(PLATFORM_ERROR);

    const created = await tus.create(bytes.length, { filename: 'reel.mp4', filetype: 'video/mp4', platform: 'reels' });
    expect(created.status).toBe(201);
    const done = await tus.patch(created.location!, 0, bytes);
    expect(done.status).toBe(200);
    const { reportId } = JSON.parse(done.body);
    expect(await rowOf(reportId)).toMatchObject({ platform: 'reels' });
    await completed(reportId);
    const report = (await http().get(`/reports/${reportId}_data/report.json`).set(as(creator)).expect(200)).body;
    expect(report.platform_preset).toMatchObject({ platform: 'reels', requested: 'reels' });
  });
});
