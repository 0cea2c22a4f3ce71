import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { cpSync } from 'node:fs';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { StorageService } from '../../src/infra/storage/storage.service';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

jest.setTimeout(120_000);

/**
 * Issue 43.2: a NUL in any JSON string reached PostgreSQL ("invalid byte sequence for encoding UTF8: 0x00": a 500 for
 * a webhook URL or an API key's name). Control characters are refused at the edge, for every JSON body, query string,
 * path parameter and multipart text field, with a 400 in the usual error body whose message names the field.
 */
describe('control characters in what a client sends (real API, PostgreSQL)', () => {
  let api: NestExpressApplication;
  let creator: TestUser;
  /** Has its free analysis still: an upload reaches the fields. */
  let uploader: TestUser;
  let reportId: string;
  let client = 0;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}`, 'X-Forwarded-For': `198.51.100.${(client = (client % 250) + 1)}` });

  /** The usual error body (src/common/http-exception.filter.ts), its message naming the field and the character. */
  function expectRefused(res: request.Response, field: string, character = 'U+0000'): void {
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: `${field} must not contain control characters (found ${character})`,
      error: 'BAD_REQUEST',
      requestId: expect.any(String),
    });
  }

  beforeAll(async () => {
    api = await startApiApp();
    [creator, uploader] = await Promise.all([createTestUser('Control Characters'), createTestUser('Control Characters Uploader')]);
    const me = await http().get('/api/me').set(as(creator)).expect(200);
    const db = api.get<DataSource>(getDataSourceToken());
    const report = await db.getRepository(Report).save({ userId: me.body.id, originalFilename: 'posted.mp4', status: 'completed', progress: 100, currentStep: 'completed', analyzedAt: new Date() });
    cpSync(SAMPLE_REPORT_SOURCE, api.get(StorageService).reportDir(report.id), { recursive: true });
    reportId = report.id;
  });

  afterAll(async () => {
    await api?.close();
  });

  it.each([
    ['a webhook URL', '/api/webhook-endpoints', { url: 'https://hooks.example.com/\u0000', events: ['analysis.completed'] }, 'url', 'U+0000'],
    ["an API key's name", '/api/keys', { name: 'ci\u0000', scope: 'read' }, 'name', 'U+0000'],
    ["an API key's name with a tab (not a free-text field)", '/api/keys', { name: 'ci\tkey', scope: 'read' }, 'name', 'U+0009'],
    ["an API key's name with a line break", '/api/keys', { name: 'ci\nkey', scope: 'read' }, 'name', 'U+000A'],
    ["an API key's name with DEL", '/api/keys', { name: 'ci\u007f', scope: 'read' }, 'name', 'U+007F'],
    ['an escape in an array item', '/api/webhook-endpoints', { url: 'https://hooks.example.com/x', events: ['analysis.completed', '\u001b[2J'] }, 'events[1]', 'U+001B'],
    ['a nested field', '/api/prevention/reports/{id}/share', { share_settings: { allow_download: '\u0000' } }, 'share_settings.allow_download', 'U+0000'],
    ['a key', '/api/prevention/reports/{id}/share', { share_settings: { ['x\u0001']: true } }, 'share_settings.x\\u0001', 'U+0001'],
    ["the YouTube code (checked before the route's own answer)", '/api/youtube/connection', { code: '\u0000', state: 's' }, 'code', 'U+0000'],
    ['the measured-retention CSV: NUL even in free text', '/api/reports/{id}/measured-retention', { csv: 'time,retention\r\n0:00,100\n0:10\t80\u0000\n' }, 'csv', 'U+0000'],
    ['the measured-retention CSV: a vertical tab', '/api/reports/{id}/measured-retention', { csv: 'time,retention\u000b\n' }, 'csv', 'U+000B'],
  ])('a JSON body: %s', async (_case, path, body, field, character) => {
    expectRefused(await http().post(path.replace('{id}', reportId)).set(as(creator)).send(body), field, character);
  });

  it('nothing refused was stored: the creator has no API key or webhook endpoint', async () => {
    expect((await http().get('/api/keys').set(as(creator)).expect(200)).body).toEqual([]);
    expect((await http().get('/api/webhook-endpoints').set(as(creator)).expect(200)).body).toEqual([]);
  });

  it('tab, CR and LF stay text in the free-text CSV: the spreadsheet is read (and judged on its numbers)', async () => {
    const csv = 'Video position (%)\tAbsolute audience retention (%)\r\n0\t100\r\n50\t70\r\n100\t40\r\n';
    const res = await http().post(`/api/reports/${reportId}/measured-retention`).set(as(creator)).send({ csv });
    expect(res.body.message ?? '').not.toMatch(/control characters/);
    expect(res.status).toBeLessThan(500);
  });

  it.each([
    ['a query field', '/api/dashboard/reports?page=%00', 'page', 'U+0000'],
    ['a query field with a line break', '/api/dashboard/reports?pageSize=1%0a', 'pageSize', 'U+000A'],
    ['a query field of another name', '/api/dashboard/reports?page[a]=%01', 'page[a]', 'U+0001'],
    ['a path parameter', '/api/reports/%00', 'reportId', 'U+0000'],
    ['a path parameter of a route without a UUID pipe', '/public/prevention/share/abc%00def', 'token', 'U+0000'],
  ])('a query string or path: %s', async (_case, path, field, character) => {
    expectRefused(await http().get(path).set(as(creator)), field, character);
  });

  it.each([
    ['feedbackStyle', 'friendly\u0000', 'U+0000'],
    ['platform', '\u0007', 'U+0007'],
    ['extra', 'a\u0000', 'U+0000'],
  ])('a multipart text field: %s', async (field, value, character) => {
    const res = await http()
      .post('/api/upload/')
      .set(as(uploader))
      .field(field, value)
      .attach('file', Buffer.from('not really a video'), { filename: 'clip.mp4', contentType: 'video/mp4' });
    expectRefused(res, field, character);
  });
});
