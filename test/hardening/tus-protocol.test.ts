import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeVideo } from '../../scripts/media/generate';
import { startApiApp } from '../support/api-app';
import { createTestUser } from '../support/firebase-emulator';
import { TusTestClient } from '../support/tus-client';

jest.setTimeout(120_000);

/** tus 1.0 over raw HTTP: the protocol's answers, including the extensions tus-js-client uses. */
describe('tus protocol edges', () => {
  let app: NestExpressApplication;
  let baseUrl: string;
  let dir: string;
  let video: Buffer;

  beforeAll(async () => {
    app = await startApiApp();
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
    dir = mkdtempSync(join(tmpdir(), 'preflight-tus-'));
    video = readFileSync((await makeVideo({ dir, name: 'tus', width: 160, height: 284, shots: [{ seconds: 2, visual: 'bars' }] })).path);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const headersFor = (token: string, extra: Record<string, string>) => ({ Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0', ...extra });
  const metadata = `filename ${Buffer.from('tus.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;

  it('creation-with-upload: the whole file in the POST answers success with the report id', async () => {
    const user = await createTestUser('Tus Creator');
    const res = await fetch(`${baseUrl}/api/upload/tus`, {
      method: 'POST',
      headers: headersFor(user.idToken, { 'Upload-Length': String(video.length), 'Upload-Metadata': metadata, 'Content-Type': 'application/offset+octet-stream' }),
      body: new Uint8Array(video),
    });
    expect(res.status).toBeLessThan(300);
    expect(Number(res.headers.get('upload-offset'))).toBe(video.length);
    expect(JSON.parse(await res.text())).toEqual({ reportId: expect.stringMatching(/^[0-9a-f-]{36}$/), queued: true });
  });

  it('refuses a PATCH with the wrong content type with 415, as the protocol says', async () => {
    const user = await createTestUser('Tus Patch');
    const client = new TusTestClient(baseUrl, user.idToken);
    const created = await client.create(video.length, { filename: 'tus.mp4', filetype: 'video/mp4' });
    expect(created.status).toBe(201);
    const res = await fetch(created.location!, {
      method: 'PATCH',
      headers: headersFor(user.idToken, { 'Upload-Offset': '0', 'Content-Type': 'application/json' }),
      body: new Uint8Array(video.subarray(0, 100)),
    });
    expect(res.status).toBe(415);
  });

  it('refuses an upload over 1995 MB at creation with 413, the protocol’s Tus-Max-Size and the spec’s message', async () => {
    const user = await createTestUser('Tus Big');
    const size = 2100 * 1024 * 1024;
    const res = await fetch(`${baseUrl}/api/upload/tus`, {
      method: 'POST',
      headers: headersFor(user.idToken, { 'Upload-Length': String(size), 'Upload-Metadata': metadata }),
    });
    expect(res.status).toBe(413);
    expect(Number(res.headers.get('tus-max-size'))).toBe(1995 * 1024 * 1024);
    expect(JSON.parse(await res.text())).toMatchObject({ statusCode: 413, message: 'File size (2100.0MB) must be less than 1995MB.' });
  });
});
