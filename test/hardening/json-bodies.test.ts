import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { cpSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import { StorageService } from '../../src/infra/storage/storage.service';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { startListeningApi } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

/**
 * Issue 29, item 10: a share request whose body was not read as JSON (text/plain, XML, no type, a JSON vendor type)
 * was answered 201 with the defaults (downloads allowed, 7 days) although the body asked for no downloads and 1 day.
 * A body that is not JSON is refused with 415, and prototype keys are refused like any unknown field.
 */
describe('JSON request bodies', () => {
  let api: NestExpressApplication;
  let baseUrl: string;
  let alice: TestUser;
  let reportId: string;
  const asking = { share_settings: { is_public: true, allow_download: false, show_sensitive_data: false, expiration_days: 1 } };

  const post = (body: string | undefined, contentType: string | null) =>
    fetch(`${baseUrl}/api/prevention/reports/${reportId}/share`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${alice.idToken}`, ...(contentType === null ? {} : { 'Content-Type': contentType }) },
      // A byte array: fetch adds no Content-Type of its own for it.
      body: body === undefined ? undefined : Buffer.from(body),
    });
  const linksOfReport = async () =>
    (await (await fetch(`${baseUrl}/api/prevention/reports/${reportId}/share`, { headers: { Authorization: `Bearer ${alice.idToken}` } })).json()) as unknown[];

  beforeAll(async () => {
    ({ api, baseUrl } = await startListeningApi());
    alice = await createTestUser('Alice');
    const me = (await (await fetch(`${baseUrl}/api/me`, { headers: { Authorization: `Bearer ${alice.idToken}` } })).json()) as { id: string };
    const report = await api.get<DataSource>(getDataSourceToken()).getRepository(Report).save({
      userId: me.id,
      originalFilename: 'teaser.mp4',
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

  it.each([['text/plain'], ['application/xml'], [null], ['application/vnd.api+json'], ['application/x-www-form-urlencoded']])(
    'refuses a body sent as %s with 415 and makes no link',
    async (contentType) => {
      const res = await post(JSON.stringify(asking), contentType);
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ statusCode: 415, message: 'Send the request body as JSON (Content-Type: application/json).' });
      expect(await linksOfReport()).toEqual([]);
    },
  );

  it('keeps the settings of a JSON body, with or without a charset, and takes an empty body of any type as no settings', async () => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8']) {
      const res = await post(JSON.stringify(asking), contentType);
      expect(res.status).toBe(201);
      const link = (await res.json()) as { allow_download: boolean; created_at: string; expires_at: string };
      expect(link.allow_download).toBe(false);
      expect(Date.parse(link.expires_at) - Date.parse(link.created_at)).toBe(24 * 3600 * 1000);
    }
    const empty = await post(undefined, 'text/plain');
    expect(empty.status).toBe(201);
    expect(await empty.json()).toMatchObject({ allow_download: true });
  });

  it.each([
    ['__proto__ at the top', '{"__proto__": {"allow_download": false}}', '__proto__'],
    ['constructor at the top', '{"constructor": {"prototype": {"x": 1}}}', 'constructor'],
    ['__proto__ inside the settings', '{"share_settings": {"__proto__": {"expiration_days": 1}}}', 'share_settings.__proto__'],
    ['prototype inside the settings', '{"share_settings": {"prototype": 1}}', 'share_settings.prototype'],
  ])('refuses %s like an unknown field (400)', async (_case, body, path) => {
    const before = (await linksOfReport()).length;
    const res = await post(body, 'application/json');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ statusCode: 400, message: `property ${path} should not exist` });
    expect(await linksOfReport()).toHaveLength(before);
  });
});
