import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type { Report as AnalysisReport } from '@preflight/shared';
import { StorageService } from '../../src/infra/storage/storage.service';
import { MaintenanceService } from '../../src/modules/maintenance/maintenance.service';
import { PDF_IMAGE_DPI, PDF_MAX_BYTES } from '../../src/modules/pdf/pdf-document';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { startApiApp, startWorker } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

jest.setTimeout(180_000);

/** Binary response bodies as Buffers (supertest only buffers text by default). */
const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** What poppler says about a PDF: pages, page size, every embedded image's resolution, and the text. */
function inspect(pdf: Buffer, dir: string) {
  const file = join(dir, `inspect-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const cols = line.trim().split(/\s+/);
      return { enc: cols[8], xppi: Number(cols[12]), yppi: Number(cols[13]) };
    });
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), pageSize: /Page size:\s+(.*)/.exec(info)?.[1] ?? '', images, text };
}

describe('PDF report: access, rendering, cache (real Chromium, poppler, PostgreSQL, Redis)', () => {
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let db: DataSource;
  let storage: StorageService;
  let scratch: string;
  let alice: TestUser;
  let bob: TestUser;
  let reportId: string;
  let data: AnalysisReport;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const download = (headers: Record<string, string>) =>
    http().get(`/public/prevention/pdf/${reportId}`).set(headers).buffer(true).parse(binary);

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'preflight-pdf-test-'));
    api = await startApiApp();
    worker = await startWorker();
    db = api.get<DataSource>(getDataSourceToken());
    storage = api.get(StorageService);
    [alice, bob] = await Promise.all([createTestUser('Alice'), createTestUser('Bob')]);
    const me = await http().get('/api/me').set(as(alice)).expect(200);
    await http().get('/api/me').set(as(bob)).expect(200);

    // A completed report of Alice's: the engine's real sample report (frames included) under her name.
    const report = await db.getRepository(Report).save({
      userId: me.body.id,
      originalFilename: 'launch-teaser.v2.mp4',
      status: 'completed',
      progress: 100,
      currentStep: 'completed',
      analyzedAt: new Date(),
    });
    reportId = report.id;
    cpSync(SAMPLE_REPORT_SOURCE, storage.reportDir(reportId), { recursive: true });
    data = JSON.parse(readFileSync(join(SAMPLE_REPORT_SOURCE, 'report.json'), 'utf8')) as AnalysisReport;
    data.video_info.original_filename = 'launch-teaser.v2.mp4';
    writeFileSync(join(storage.reportDir(reportId), 'report.json'), JSON.stringify(data));
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('answers 404 to anyone without the owner\'s token or a share token (no token, another user, an unknown share token), 401 to a bad token', async () => {
    const attempts: Record<string, string>[] = [{}, as(bob), { 'X-Share-Token': 'guessed-token' }];
    for (const headers of attempts) {
      const generate = await http().post(`/public/prevention/pdf/${reportId}`).set(headers);
      expect(generate.status).toBe(404);
      expect(generate.body.message).toBe('Report not found');
      expect((await download(headers)).status).toBe(404);
    }
    // A credential that does not verify is refused by the auth guard, as on every route (and counts towards its lockout).
    const badToken = { Authorization: 'Bearer not-a-token' };
    const refused = await http().post(`/public/prevention/pdf/${reportId}`).set(badToken);
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 401, message: 'Invalid or expired authentication token' });
    expect((await download(badToken)).status).toBe(401);
    // Nothing was rendered for any of them.
    expect(readdirSync(storage.framesDir(reportId)).filter((name) => name.endsWith('.pdf'))).toEqual([]);
  });

  it('renders the owner\'s PDF: A4, frames at 200 DPI, under 1 MB, with the filename and the first issue', async () => {
    const generated = await http().post(`/public/prevention/pdf/${reportId}`).set(as(alice)).expect(200);
    expect(generated.body).toEqual({ id: expect.stringMatching(/^[0-9a-f]{16}$/) });

    const res = await download(as(alice));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('filename="optimization-report-launch-teaser.v2.pdf"');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeLessThan(PDF_MAX_BYTES); // the card's "< 1MB file size"

    const { pages, pageSize, images, text } = inspect(pdf, scratch);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pageSize).toContain('A4');
    expect(images.length).toBeGreaterThanOrEqual(8); // the frame strip and the issue frames
    for (const image of images) {
      // The card's "200 DPI quality": every frame is printed at 200 pixels per inch (poppler rounds to whole ppi).
      expect(image.enc).toBe('jpeg');
      expect(Math.abs(image.xppi - PDF_IMAGE_DPI)).toBeLessThanOrEqual(2);
      expect(Math.abs(image.yppi - PDF_IMAGE_DPI)).toBeLessThanOrEqual(2);
    }
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('launch-teaser.v2.mp4');
    expect(flat).toContain(data.prevention_analytics.prevention_fixes[0].title);
    expect(flat).toContain(data.overall_score_and_recommendations.optimization_label);
    expect(flat).toContain('Predicted retention');
  });

  it('a share link gives the PDF only while it allows downloads and is live', async () => {
    const share = async (allowDownload: boolean) =>
      (
        await http()
          .post(`/api/prevention/reports/${reportId}/share`)
          .set(as(alice))
          .send({ share_settings: { allow_download: allowDownload } })
          .expect(201)
      ).body as { id: string; token: string };
    const viewOnly = await share(false);
    const downloadable = await share(true);

    expect((await http().post(`/public/prevention/pdf/${reportId}`).set({ 'X-Share-Token': viewOnly.token })).status).toBe(404);
    expect((await download({ 'X-Share-Token': viewOnly.token })).status).toBe(404);

    expect((await http().post(`/public/prevention/pdf/${reportId}`).set({ 'X-Share-Token': downloadable.token }).expect(200)).body.id).toMatch(/^[0-9a-f]{16}$/);
    const res = await download({ 'X-Share-Token': downloadable.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="optimization-report-launch-teaser.v2.pdf"');
    // Bob holds the link too: the link, not his account, is what lets him download.
    expect((await download({ ...as(bob), 'X-Share-Token': downloadable.token })).status).toBe(200);

    await http().delete(`/api/prevention/reports/${reportId}/share/${downloadable.id}`).set(as(alice)).expect((r) => expect([200, 204]).toContain(r.status));
    expect((await download({ 'X-Share-Token': downloadable.token })).status).toBe(404); // revoked: refused at once
  });

  it('serves the cached PDF until the report is re-derived, then renders it again', async () => {
    const first = (await http().post(`/public/prevention/pdf/${reportId}`).set(as(alice)).expect(200)).body.id as string;
    const cachedFile = join(storage.framesDir(reportId), `optimization-report-${first}.pdf`);
    const renderedAt = statSync(cachedFile).mtimeMs;
    expect((await http().post(`/public/prevention/pdf/${reportId}`).set(as(alice)).expect(200)).body.id).toBe(first);
    expect(statSync(cachedFile).mtimeMs).toBe(renderedAt); // served from the cache, not rendered again

    await http().post(`/api/prevention/analyze/${reportId}`).set(as(alice)).send({ feedbackStyle: 'brutal' }).expect(200);
    const second = (await http().post(`/public/prevention/pdf/${reportId}`).set(as(alice)).expect(200)).body.id as string;
    expect(second).not.toBe(first);
    expect(existsSync(cachedFile)).toBe(false); // the stale PDF is gone
    const { text } = inspect((await download(as(alice))).body as Buffer, scratch);
    expect(text).toContain('brutal feedback');
  });

  it('prints "The proposed edit" page, and renders it again when the creator saves their edit', async () => {
    const first = (await http().post(`/public/prevention/pdf/${reportId}`).set(as(alice)).expect(200)).body.id as string;
    const proposed = (await http().get(`/api/reports/${reportId}/edit`).set(as(alice)).expect(200)).body as { cuts: { start_seconds: number; end_seconds: number; enabled: boolean; reason: string }[] };
    expect(proposed.cuts.length).toBeGreaterThan(1);
    const before = inspect((await download(as(alice))).body as Buffer, scratch).text.replace(/\s+/g, ' ');
    expect(before).toContain('The proposed edit');
    expect(before).toContain(proposed.cuts[0]!.reason);

    // The first cut switched off and saved: a new PDF says it is kept.
    const cuts = proposed.cuts.map((c, i) => ({ start_seconds: c.start_seconds, end_seconds: c.end_seconds, enabled: i !== 0 }));
    const saved = (await http().put(`/api/reports/${reportId}/edit`).set(as(alice)).send({ cuts }).expect(200)).body as { cuts: { reason: string }[] };
    const second = (await http().post(`/public/prevention/pdf/${reportId}`).set(as(alice)).expect(200)).body.id as string;
    expect(second).not.toBe(first);
    const after = inspect((await download(as(alice))).body as Buffer, scratch).text.replace(/\s+/g, ' ');
    expect(after).toContain(`${saved.cuts[0]!.reason} — kept (switched off)`);
  });

  it('renders a report whose frames passed the 48-hour retention, with a note instead of images', async () => {
    const before = (await http().post(`/public/prevention/pdf/${reportId}`).set(as(alice)).expect(200)).body.id as string;
    await db.getRepository(Report).update({ id: reportId }, { analyzedAt: new Date(Date.now() - 49 * 3600_000) });
    await worker.get(MaintenanceService).sweep();
    expect(existsSync(storage.framesDir(reportId))).toBe(false); // the PDF with frames went with them

    const after = (await http().post(`/public/prevention/pdf/${reportId}`).set(as(alice)).expect(200)).body.id as string;
    expect(after).not.toBe(before);
    const res = await download(as(alice));
    expect(res.status).toBe(200);
    const { images, text } = inspect(res.body as Buffer, scratch);
    expect(images).toHaveLength(0);
    expect(text.replace(/\s+/g, ' ')).toContain('Frame images are no longer available');
    const current = JSON.parse(readFileSync(join(storage.reportDir(reportId), 'report.json'), 'utf8')) as AnalysisReport;
    expect(text).toContain(current.prevention_analytics.prevention_fixes[0].title);
  });
});
