import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ReportSchema, type Report as AnalysisReport } from '@preflight/shared';
import { StorageService } from '../../src/infra/storage/storage.service';
import { REPORT_DATA_UNREADABLE, ReportDataStore } from '../../src/modules/reports/report-data.store';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

jest.setTimeout(120_000);

describe('report.json under concurrent re-derivation (real PostgreSQL, default storage folder)', () => {
  let api: NestExpressApplication;
  let db: DataSource;
  let storage: StorageService;
  let alice: TestUser;
  let userId: string;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });

  /** A completed report of Alice's: the engine's real sample report (signals and frames included). */
  async function completedReport(): Promise<string> {
    const report = await db.getRepository(Report).save({
      userId,
      originalFilename: 'race.mp4',
      status: 'completed',
      progress: 100,
      currentStep: 'completed',
      analyzedAt: new Date(),
    });
    cpSync(SAMPLE_REPORT_SOURCE, storage.reportDir(report.id), { recursive: true });
    return report.id;
  }
  const reportFolder = (id: string) => readdirSync(storage.reportDir(id));
  const stored = (id: string): unknown => JSON.parse(readFileSync(join(storage.reportDir(id), 'report.json'), 'utf8'));

  beforeAll(async () => {
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
    storage = api.get(StorageService);
    alice = await createTestUser('Alice');
    userId = (await http().get('/api/me').set(as(alice)).expect(200)).body.id;
  });

  afterAll(async () => {
    await api?.close();
  });

  it('5 parallel POST /api/prevention/analyze/{id} leave a valid report.json that matches the row', async () => {
    const id = await completedReport();
    const styles = ['brutal', 'gentle', 'balanced', 'brutal', 'gentle'] as const;
    const answers = await Promise.all(
      styles.map((feedbackStyle) => http().post(`/api/prevention/analyze/${id}`).set(as(alice)).send({ feedbackStyle })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);

    const report = ReportSchema.parse(stored(id)); // whole and valid, not truncated or interleaved
    expect(styles).toContain(report.report_metadata.feedback_style);
    expect(reportFolder(id).filter((name) => name.endsWith('.tmp'))).toEqual([]); // no temporary file left behind
    const [row] = await db.query('SELECT feedback_style, issues_count FROM reports WHERE id = $1', [id]);
    expect(row).toEqual({ feedback_style: report.report_metadata.feedback_style, issues_count: report.prevention_analytics.prevention_fixes.length });

    // Still readable and re-derivable afterwards.
    const again = await http().get(`/reports/${id}_data/report.json`).set(as(alice)).expect(200);
    expect(again.body.report_metadata.feedback_style).toBe(report.report_metadata.feedback_style);
    await http().post(`/api/prevention/analyze/${id}`).set(as(alice)).send({ feedbackStyle: 'balanced' }).expect(200);
  });

  it('racing writers of one file: each write is whole, none shares a temporary name', async () => {
    const id = await completedReport();
    const store = api.get(ReportDataStore);
    const base = ReportSchema.parse(stored(id));
    const versions = Array.from({ length: 12 }, (_, i): AnalysisReport => ({ ...base, video_info: { ...base.video_info, original_filename: `v${i}.mp4` } }));
    await Promise.all(versions.map((version) => store.write(id, version)));
    const final = ReportSchema.parse(stored(id));
    expect(versions.map((v) => v.video_info.original_filename)).toContain(final.video_info.original_filename);
    expect(reportFolder(id).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('a damaged report.json is a clear error on every route that reads it, not a crash', async () => {
    const id = await completedReport();
    const file = join(storage.reportDir(id), 'report.json');
    const whole = readFileSync(file, 'utf8');
    for (const damaged of [whole.slice(0, Math.floor(whole.length / 2)), JSON.stringify({ ...JSON.parse(whole), prevention_analytics: null })]) {
      writeFileSync(file, damaged);
      for (const call of [
        http().get(`/reports/${id}_data/report.json`).set(as(alice)),
        http().get(`/api/prevention/dashboard/${id}`).set(as(alice)),
        http().post(`/api/prevention/analyze/${id}`).set(as(alice)).send({}),
      ]) {
        const res = await call;
        expect(res.status).toBe(500);
        expect(res.body.message).toBe(REPORT_DATA_UNREADABLE);
      }
      expect(readFileSync(file, 'utf8')).toBe(damaged); // nothing rewrote it
    }
    await http().get('/api/health').expect(200); // the API is still up
  });
});
