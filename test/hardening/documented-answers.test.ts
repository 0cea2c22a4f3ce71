import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import Ajv from 'ajv';
import { cpSync } from 'node:fs';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { StorageService } from '../../src/infra/storage/storage.service';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { Conformance } from '../fuzz/conformance';
import { loadDocument, type Operation, operationsOf, resolve } from '../fuzz/openapi';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

/**
 * Answers the fuzz tier found undocumented, each checked against sdk/openapi.json the way the fuzz tier checks it:
 * declared status, body valid against the declared schema; and values the document allows are values the API takes.
 */
describe('answers as sdk/openapi.json documents them', () => {
  let api: NestExpressApplication;
  let alice: TestUser;
  let completed: string;
  let processing: string;
  const doc = loadDocument();
  const conformance = new Conformance(doc);
  const operation = (id: string) => operationsOf(doc).find((op) => op.operationId === id) as Operation;
  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const problems = (operationId: string, res: request.Response) =>
    conformance.problems(operation(operationId), { status: res.status, contentType: res.headers['content-type'] ?? '', body: res.body as unknown });

  beforeAll(async () => {
    api = await startApiApp();
    alice = await createTestUser('Alice');
    const me = await http().get('/api/me').set(as(alice)).expect(200);
    const reports = api.get<DataSource>(getDataSourceToken()).getRepository(Report);
    const base = { userId: me.body.id as string, originalFilename: 'clip.mp4' };
    completed = (await reports.save({ ...base, status: 'completed', progress: 100, currentStep: 'completed', analyzedAt: new Date() })).id;
    processing = (await reports.save({ ...base, status: 'processing', progress: 40, currentStep: 'analyzing' })).id;
    cpSync(SAMPLE_REPORT_SOURCE, api.get(StorageService).reportDir(completed), { recursive: true });
  });
  afterAll(async () => {
    await api.close();
  });

  it('a shared report without sensitive data (creator: null) matches its schema', async () => {
    const link = await http().post(`/api/prevention/reports/${completed}/share`).set(as(alice)).send({ share_settings: { show_sensitive_data: false } }).expect(201);
    const shared = await http().get(`/public/prevention/share/${link.body.token}`).expect(200);
    expect(shared.body.creator).toBeNull();
    expect(problems('getSharedReport', shared)).toEqual([]);
  });

  it.each([
    ['analyzePrevention', 'post', 'analyze'],
    ['getPreventionDashboard', 'get', 'dashboard'],
    ['getPreventionAnalytics', 'get', 'analytics'],
  ] as const)('%s of an unfinished analysis: the 409 is declared', async (operationId, method, route) => {
    const res = await http()[method](`/api/prevention/${route}/${processing}`).set(as(alice));
    expect(res.status).toBe(409);
    expect(problems(operationId, res)).toEqual([]);
  });

  it('an upload that is not a video: the 422 is declared', async () => {
    const newcomer = await createTestUser('Newcomer');
    const res = await http().post('/api/upload').set(as(newcomer)).attach('file', Buffer.from('not a video at all'), { filename: 'clip.mp4', contentType: 'video/mp4' });
    expect(res.status).toBe(422);
    expect(problems('uploadVideo', res)).toEqual([]);
  });

  it.each(['generatePdf', 'downloadPdf'])('%s documents the bearer token as optional, as the route takes a share token instead', async (operationId) => {
    expect(operation(operationId).bearer).toBe('optional');
    const op = operation(operationId);
    const res = await http()[op.method as 'get' | 'post'](op.path.replace('{reportId}', completed)).set('X-Share-Token', 'not-a-live-token');
    expect(res.status).toBe(404); // judged on the share token, not refused for the missing bearer
    expect(problems(operationId, res)).toEqual([]);
  });

  it('whole numbers only where the API takes whole numbers (page, pageSize, expiration_days), and is_public only true', async () => {
    const ajv = new Ajv({ strict: false });
    const list = operation('listDashboardReports');
    for (const name of ['page', 'pageSize']) {
      const schema = list.parameters.find((p) => p.name === name)!.schema!;
      expect(ajv.validate(schema, 1.5)).toBe(false);
      expect((await http().get(`/api/dashboard/reports?${name}=1.5`).set(as(alice))).status).toBe(400);
    }
    const settings = resolve(doc, { $ref: '#/components/schemas/ShareSettingsDto' });
    expect(ajv.validate(settings, { expiration_days: 1.5 })).toBe(false);
    expect(ajv.validate(settings, { is_public: false })).toBe(false);
    for (const share_settings of [{ expiration_days: 1.5 }, { is_public: false }]) {
      await http().post(`/api/prevention/reports/${completed}/share`).set(as(alice)).send({ share_settings }).expect(400);
    }
    expect(ajv.validate(settings, { expiration_days: 30, is_public: true })).toBe(true);
  });
});
