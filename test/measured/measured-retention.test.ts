import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { cpSync } from 'node:fs';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { CreatorCalibrationService } from '../../src/modules/measured-retention/creator-calibration.service';
import { MeasuredRetention } from '../../src/modules/measured-retention/measured-retention.entity';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { StorageService } from '../../src/infra/storage/storage.service';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

/** The sample report (28.3 s, drop-offs predicted at 0:10 and 0:26) measured after posting, saved by LibreOffice Calc. */
const LIBREOFFICE_CSV = ['"Time (s)";"Audience retention (%)"', '0;100', '3;88,5', '9;80', '10;79,5', '12;62', '20;55,5', '26;50', '28;48,5', ''].join('\n');

describe('Measured retention: add, compare, refuse bad files, owner only, deleted with the report (real PostgreSQL, Auth emulator)', () => {
  let api: NestExpressApplication;
  let db: DataSource;
  let alice: TestUser;
  let bob: TestUser;
  let reportId: string;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const url = (id = reportId) => `/api/reports/${id}/measured-retention`;

  beforeAll(async () => {
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
    [alice, bob] = await Promise.all([createTestUser('Alice'), createTestUser('Bob')]);
    const me = await http().get('/api/me').set(as(alice)).expect(200);
    await http().get('/api/me').set(as(bob)).expect(200);
    const report = await db.getRepository(Report).save({
      userId: me.body.id,
      originalFilename: 'posted.mp4',
      status: 'completed',
      progress: 100,
      currentStep: 'completed',
      analyzedAt: new Date(),
    });
    reportId = report.id;
    cpSync(SAMPLE_REPORT_SOURCE, api.get(StorageService).reportDir(reportId), { recursive: true });
  });

  afterAll(async () => {
    await api?.close();
  });

  it('a LibreOffice CSV becomes predicted against measured; the other creator sees nothing; delete removes it', async () => {
    await http().get(url()).set(as(alice)).expect(200, { measured: null });

    const added = await http().post(url()).set(as(alice)).send({ csv: LIBREOFFICE_CSV }).expect(200);
    const c = added.body.measured.comparison;
    expect(added.body.measured.source).toBe('csv');
    expect(c.duration_s).toBe(28.3);
    expect(c.points).toHaveLength(30);
    // The measured fall at 10-12 s confirms the 0:10 drop-off; nothing extra happens at 0:26.
    expect(c.drop_offs.map((d: { timestamp: string; confirmed: boolean }) => [d.timestamp, d.confirmed])).toEqual([
      ['0:10', true],
      ['0:26', false],
    ]);
    expect(c.summary).toMatch(/^Our prediction was \d+ points? low on average; the hook held better than predicted/);
    expect((await http().get(url()).set(as(alice)).expect(200)).body).toEqual(added.body);

    // Another creator: 404 as for a missing report, for every verb; the curve is untouched.
    await http().get(url()).set(as(bob)).expect(404);
    await http().post(url()).set(as(bob)).send({ csv: LIBREOFFICE_CSV }).expect(404);
    await http().delete(url()).set(as(bob)).expect(404);
    await http().get(url()).expect(401);

    // A share link shows it too (the creator chose to share the report).
    const link = await http().post(`/api/prevention/reports/${reportId}/share`).set(as(alice)).send({}).expect(201);
    const shared = await http().get(`/public/prevention/share/${link.body.token}`).expect(200);
    expect(shared.body.measured_retention).toEqual(added.body);

    await http().delete(url()).set(as(alice)).expect(204);
    await http().delete(url()).set(as(alice)).expect(404);
    expect((await http().get(`/public/prevention/share/${link.body.token}`).expect(200)).body.measured_retention).toEqual({ measured: null });
    await http().get(url()).set(as(alice)).expect(200, { measured: null });
  });

  it('bad input answers 400 with the reason; JSON points are accepted as a share of the video', async () => {
    const bad = await http().post(url()).set(as(alice)).send({ csv: 'time;retention\n0;100\n5;abc\n' }).expect(400);
    expect(bad.body.message).toBe('Line 3: "abc" is not a percentage.');
    const long = await http().post(url()).set(as(alice)).send({ csv: 'time,retention\n0,100\n95,30\n' }).expect(400);
    expect(long.body.message).toBe('The measured curve runs to 1:35 but this video is 0:28 long: is it the right video?');
    const shape = await http().post(url()).set(as(alice)).send({ points: [] }).expect(400);
    expect(shape.body.message).toMatch(/^Send the measured retention as/);

    const json = await http()
      .post(url())
      .set(as(alice))
      .send({ time_unit: 'share', points: [{ t: 0, retention_pct: 100 }, { t: 0.5, retention_pct: 60 }, { t: 1, retention_pct: 45 }] })
      .expect(200);
    expect(json.body.measured.source).toBe('json');
    expect(json.body.measured.comparison.measured[1]).toEqual({ t_s: 14.15, retention_pct: 60 });
  });

  it('the calibration reads the creator’s own measured reports only, never the one being analysed', async () => {
    const me = await http().get('/api/me').set(as(alice)).expect(200);
    const storage = api.get(StorageService);
    const more: string[] = [];
    for (const name of ['second.mp4', 'third.mp4']) {
      const r = await db.getRepository(Report).save({ userId: me.body.id, originalFilename: name, status: 'completed', progress: 100, currentStep: 'completed', analyzedAt: new Date() });
      cpSync(SAMPLE_REPORT_SOURCE, storage.reportDir(r.id), { recursive: true });
      more.push(r.id);
    }
    for (const id of [reportId, ...more]) await http().post(url(id)).set(as(alice)).send({ csv: LIBREOFFICE_CSV }).expect(200);
    const calibration = api.get(CreatorCalibrationService);
    const three = await calibration.forCreator(me.body.id);
    expect(three.videos).toBe(3);
    expect(three.loo_error_pts).not.toBeNull();
    const two = await calibration.forCreator(me.body.id, more[0]);
    expect(two).toMatchObject({ status: 'uncalibrated', videos: 2, params: null });
    const bobs = await calibration.forCreator((await http().get('/api/me').set(as(bob)).expect(200)).body.id);
    expect(bobs.videos).toBe(0);
    await db.getRepository(Report).delete(more);
  });

  it('deleting the report deletes its measured curve (ON DELETE CASCADE)', async () => {
    await http().post(url()).set(as(alice)).send({ csv: LIBREOFFICE_CSV }).expect(200);
    expect(await db.getRepository(MeasuredRetention).countBy({ reportId })).toBe(1);
    await db.getRepository(Report).delete({ id: reportId });
    expect(await db.getRepository(MeasuredRetention).countBy({ reportId })).toBe(0);
  });
});
