import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { makeTalkingVideo } from '../../scripts/media/generate';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

jest.setTimeout(120_000);

/**
 * Issue 29, item 11: a 300-character .mp4 name sent as application/octet-stream got 415 (the name was cut to 255
 * characters before its extension was checked), a right-to-left override was kept (the PDF read "evil…4pm.exe…mp4"),
 * and "<script>…</script>.mp4" was stored as "script>.mp4". The name is kept as sent, bounded with its extension,
 * without bidirectional controls; pages escape it where they print it (the PDF's case: pdf-view.spec.ts).
 */
describe('uploaded file names (multipart, real PostgreSQL and ffprobe)', () => {
  let api: NestExpressApplication;
  let db: DataSource;
  let media: string;
  let video: string;
  let creator: TestUser;

  /** A multipart body written out here: form-data (supertest's attach) keeps only the name after the last "/". */
  const upload = (filename: string, contentType = 'application/octet-stream') => {
    const boundary = `----names${Date.now()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename.replaceAll('"', '%22')}"\r\nContent-Type: ${contentType}\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), readFileSync(video), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return request(api.getHttpServer())
      .post('/api/upload')
      .set({ Authorization: `Bearer ${creator.idToken}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` })
      .send(body);
  };
  const storedName = async (reportId: string) => ((await db.query('SELECT original_filename FROM reports WHERE id = $1', [reportId])) as Array<{ original_filename: string }>)[0].original_filename;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-names-'));
    video = (await makeTalkingVideo({ dir: media, seconds: 2, width: 160, height: 284, name: 'names' })).path;
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
    creator = await createTestUser('Name Tester');
    await request(api.getHttpServer()).get('/api/me').set({ Authorization: `Bearer ${creator.idToken}` }).expect(200);
    // Several uploads: a paying creator (no worker runs; the rows stay queued).
    const [{ id }] = await db.query('SELECT id FROM users WHERE firebase_uid = $1', [creator.uid]);
    await db.query(`INSERT INTO subscriptions (user_id, status, plan_type) VALUES ($1, 'active', 'creator_pro')`, [id]);
  });
  afterAll(async () => {
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('accepts a 300-character .mp4 name sent as application/octet-stream and keeps it bounded with its extension', async () => {
    const name = `${'long-name-'.repeat(30).slice(0, 296)}.mp4`;
    expect(name).toHaveLength(300);
    const res = await upload(name).expect(200);
    const stored = await storedName(res.body.reportId);
    expect(stored).toHaveLength(255);
    expect(stored).toBe(`${name.slice(0, 250)}….mp4`);
  });

  it('drops the right-to-left override and the other bidirectional controls', async () => {
    const res = await upload('evil\u202Egpj.exe\u202C\u2066.mp4', 'video/mp4').expect(200);
    expect(await storedName(res.body.reportId)).toBe('evilgpj.exe.mp4');
  });

  it('stores a name with markup exactly as sent and serves it unchanged as JSON', async () => {
    const name = "<script>alert(1)</script> & 'clip'.mp4";
    const res = await upload(name, 'video/mp4').expect(200);
    expect(await storedName(res.body.reportId)).toBe(name);
    const status = await request(api.getHttpServer()).get(`/api/status/${res.body.reportId}`).set({ Authorization: `Bearer ${creator.idToken}` });
    expect(status.status).toBe(200);
    expect(status.body.filename).toBe(name);
  });
});
