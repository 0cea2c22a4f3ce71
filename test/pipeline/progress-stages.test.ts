import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { analysisSecondsLeft, ANALYSIS_OVERHEAD_SECONDS } from '@preflight/shared';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { AnalysisSpeedService, SPEED_SAMPLES } from '../../src/modules/reports/analysis-speed.service';
import { startListeningApi, startWorker } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { waitUntil } from '../support/wait';

jest.setTimeout(240_000);

/**
 * Issue 28, item 6: the status says what the analysis is doing (upload received, decoding x %, analysing, rendering
 * frames), in that order, with a time left from the video's duration and this server's measured speed. Every write of
 * the report row's phase is recorded by a trigger (the real worker's writes, not a sampled poll), so the order is
 * checked whatever the machine's speed.
 */
describe('analysis progress: real stages in order, time left from measured speed', () => {
  let api: NestExpressApplication;
  let worker: INestApplicationContext | undefined;
  let db: DataSource;
  let media: string;
  let video: string;
  let creator: TestUser;
  let reportId: string;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-stages-'));
    video = (await makeTalkingVideo({ dir: media, seconds: 10, width: 320, height: 568, name: 'stages' })).path;
    ({ api } = await startListeningApi());
    db = api.get<DataSource>(getDataSourceToken());
    await db.query(`CREATE TABLE IF NOT EXISTS test_phase_log (n bigserial PRIMARY KEY, report_id uuid, status text, step text, phase text, phase_percent smallint)`);
    await db.query(`
      CREATE OR REPLACE FUNCTION test_log_phase() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO test_phase_log (report_id, status, step, phase, phase_percent) VALUES (NEW.id, NEW.status, NEW.current_step, NEW.phase, NEW.phase_percent);
        RETURN NEW;
      END $$`);
    await db.query(`CREATE OR REPLACE TRIGGER test_log_phase AFTER INSERT OR UPDATE OF status, phase, phase_percent ON reports FOR EACH ROW EXECUTE FUNCTION test_log_phase()`);
    creator = await createTestUser('Stages');
  });

  afterAll(async () => {
    await worker?.close();
    if (db?.isInitialized) {
      await db.query(`DROP TRIGGER IF EXISTS test_log_phase ON reports`);
      await db.query(`DROP FUNCTION IF EXISTS test_log_phase()`);
      await db.query(`DROP TABLE IF EXISTS test_phase_log`);
    }
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('an upload no worker has taken yet says "received", with the whole analysis as time left', async () => {
    const upload = await http().post('/api/upload/').set(as(creator)).attach('file', video).expect(200);
    reportId = upload.body.reportId;
    const status = (await http().get(`/api/status/${reportId}`).set(as(creator)).expect(200)).body;
    const speed = await api.get(AnalysisSpeedService).secondsPerVideoSecond();
    const [{ duration_seconds: duration }] = await db.query('SELECT duration_seconds FROM reports WHERE id = $1', [reportId]);
    expect(duration).toBeGreaterThan(9); // the generated clip's declared duration (10 s asked, its audio pads a little)
    expect(status).toMatchObject({ status: 'processing', currentStep: 'preprocessing', progress: 5, phase: 'received', phasePercent: null });
    expect(status.eta).toBe(analysisSecondsLeft(duration, 5, speed));
    expect(status.eta).toBeGreaterThanOrEqual(Math.round(0.95 * (ANALYSIS_OVERHEAD_SECONDS + duration * speed)));

    // The dashboard row says the same.
    const list = (await http().get('/api/dashboard/reports').set(as(creator)).expect(200)).body;
    expect(list.reports.find((r: { id: string }) => r.id === reportId)).toMatchObject({ phase: 'received', eta: status.eta });
  });

  it('the worker goes through decoding, analysing and rendering frames, in order, then completes', async () => {
    worker = await startWorker();
    const final = await waitUntil(async () => {
      const res = await http().get(`/api/status/${reportId}`).set(as(creator)).expect(200);
      return res.body.status === 'processing' ? null : res.body;
    }, 'the analysis to finish', 180_000, 200);
    expect(final).toMatchObject({ status: 'completed', progress: 100, phase: null, phasePercent: null, eta: 0 });

    const log: Array<{ status: string; step: string; phase: string | null; phase_percent: number | null }> = await db.query(
      'SELECT status, step, phase, phase_percent FROM test_phase_log WHERE report_id = $1 ORDER BY n',
      [reportId],
    );
    const phases = log.map((l) => (l.status === 'processing' ? l.phase : l.status)).filter((p, i, all) => i === 0 || p !== all[i - 1]);
    expect(phases).toEqual(['received', 'decoding', 'analysing', 'rendering', 'completed']);
    // Within a phase its percentage only goes up, and it ends the decode at 100 %.
    for (const phase of ['decoding', 'rendering']) {
      const percents = log.filter((l) => l.phase === phase).map((l) => l.phase_percent!);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(percents.every((p) => p >= 0 && p <= 100)).toBe(true);
    }
    expect(log.filter((l) => l.phase === 'decoding').at(-1)!.phase_percent).toBe(100);

    // The completed analysis is a speed sample: its worker seconds are kept.
    const [row] = await db.query('SELECT work_seconds, duration_seconds FROM reports WHERE id = $1', [reportId]);
    expect(row.work_seconds).toBeGreaterThan(0);
  });

  it("this server's speed is measured from its latest completed analyses", async () => {
    // Twenty newer samples at exactly 2 s of work per second of video (plus the fixed overhead) make the whole measure.
    const [{ id: userId }] = await db.query('SELECT user_id AS id FROM reports WHERE id = $1', [reportId]);
    await db.query(
      `INSERT INTO reports (user_id, original_filename, status, progress, current_step, duration_seconds, work_seconds, analyzed_at)
       SELECT $1, 'sample-' || i || '.mp4', 'completed', 100, 'completed', 30, $2 + 60, now() + interval '1 hour'
         FROM generate_series(1, $3) AS i`,
      [userId, ANALYSIS_OVERHEAD_SECONDS, SPEED_SAMPLES],
    );
    // A fresh read (past the per-process cache).
    try {
      expect(await api.get(AnalysisSpeedService).secondsPerVideoSecond(Date.now() + 60_000)).toBeCloseTo(2, 6);
    } finally {
      await db.query(`DELETE FROM reports WHERE user_id = $1 AND original_filename LIKE 'sample-%'`, [userId]);
    }
  });
});
