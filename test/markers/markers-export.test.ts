/**
 * Markers for editors, end to end: a real 29.97 fps upload is analysed by the real worker (PostgreSQL, Redis, ffmpeg),
 * then its issues and drop-offs are downloaded as Final Cut Pro, Resolve, Premiere and YouTube files through the API
 * and each is checked with software nobody here wrote (test/support/marker-files.ts): xmllint against Apple's FCPXML
 * 1.11 declarations, smpte-timecode for the EDL, fast-xml-parser for the xmeml, get-youtube-chapters for the chapters.
 */
import type { INestApplicationContext } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import getYouTubeChapters from 'get-youtube-chapters';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { editorMarkersOf, frameAt, markerName, ReportSchema, timelineRateFor, type Report as AnalysisReport } from '@preflight/shared';
import { makeVideo } from '../../scripts/media/generate';
import { StorageService } from '../../src/infra/storage/storage.service';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { startApiApp, startWorker } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';
import { fcpxmlDtdErrors, fcpxmlSeconds, parseXml, readMarkerEdl } from '../support/marker-files';
import { waitUntil } from '../support/wait';

jest.setTimeout(300_000);

describe('markers for editors: upload → analysis → four marker files (real stack, real parsers)', () => {
  let api: NestExpressApplication;
  let worker: INestApplicationContext;
  let db: DataSource;
  let storage: StorageService;
  let media: string;
  let alice: TestUser;
  let bob: TestUser;
  let reportId: string;
  let analysis: AnalysisReport;

  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const markers = (id: string, format: string, user: TestUser | null = alice) => {
    const req = http().get(`/api/reports/${id}/markers`).query({ format });
    return user ? req.set(as(user)) : req;
  };

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'preflight-markers-'));
    api = await startApiApp();
    worker = await startWorker();
    db = api.get<DataSource>(getDataSourceToken());
    storage = api.get(StorageService);
    [alice, bob] = await Promise.all([createTestUser('Alice'), createTestUser('Bob')]);
    await http().get('/api/me').set(as(bob)).expect(200);

    // 46 s at exactly 30000/1001 fps: talk, 12 s of a silent still card, talk, then a silent still ending.
    const video = await makeVideo({
      dir: media,
      name: 'ntsc-talk',
      width: 320,
      height: 568,
      fps: 30000 / 1001,
      shots: [
        { seconds: 6, visual: 'testsrc', speech: 'Here is how I edit a whole video in one afternoon.', speechAt: 0.3 },
        { seconds: 6, visual: 'gradients', speech: 'First, pick the best take and drop the rest.', speechAt: 0.2 },
        { seconds: 12, visual: 'still' },
        { seconds: 10, visual: 'life', speech: 'Then cut every pause, and add music under the talking.', speechAt: 0.2 },
        { seconds: 12, visual: 'still' },
      ],
    });
    const upload = await http().post('/api/upload/').set(as(alice)).attach('file', video.path).expect(200);
    reportId = upload.body.reportId;
    // Before the analysis ends there is nothing to mark: 409, not an empty file.
    const early = await markers(reportId, 'fcpxml');
    if (early.status !== 200) expect(early.status).toBe(409);
    await waitUntil(async () => {
      const res = await http().get(`/api/status/${reportId}`).set(as(alice)).expect(200);
      if (res.body.status === 'error') throw new Error(`analysis failed: ${res.body.error}`);
      return res.body.status === 'completed';
    }, 'the analysis to finish', 240_000, 200);
    analysis = ReportSchema.parse(JSON.parse(readFileSync(join(storage.reportDir(reportId), 'report.json'), 'utf8')));
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it('analysed the upload at 29.97 fps and found issues and drop-offs to mark', () => {
    expect(analysis.video_info.fps).toBeCloseTo(29.97, 2);
    expect(timelineRateFor(analysis.video_info.fps, analysis.video_info.variable_frame_rate)).toMatchObject({ fpsNumerator: 30000, fpsDenominator: 1001, conformNote: null });
    expect(analysis.prevention_analytics.prevention_fixes.length).toBeGreaterThanOrEqual(2);
    expect(analysis.drop_offs.length).toBeGreaterThanOrEqual(1);
  });

  it('Final Cut Pro: an FCPXML file that Apple\'s 1.11 DTD accepts, every marker on the 1001/30000 s grid at its moment', async () => {
    const res = await markers(reportId, 'fcpxml').expect(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ntsc-talk.fcpxml"; filename*=UTF-8''ntsc-talk.fcpxml`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const xml = res.text;
    expect(fcpxmlDtdErrors(xml)).toBeNull();

    const doc = parseXml(xml) as { fcpxml: { resources: { format: Record<string, string> }; library: { event: { project: { sequence: { spine: { gap: { marker: Record<string, string>[] } } } } }[] } } };
    expect(doc.fcpxml.resources.format['@_frameDuration']).toBe('1001/30000s');
    const placed = doc.fcpxml.library.event[0]!.project.sequence.spine.gap.marker;
    const expected = editorMarkersOf(analysis);
    expect(placed.map((m) => m['@_value'])).toEqual(expected.map(markerName));
    placed.forEach((m, i) => {
      expect(Math.abs(fcpxmlSeconds(m['@_start']!) - expected[i]!.seconds)).toBeLessThanOrEqual(1001 / 30000 / 2);
      expect(m['@_note']).toContain(expected[i]!.fix);
    });
  });

  it('DaVinci Resolve: a marker EDL whose timecodes smpte-timecode reads at 29.97 non-drop, one event per marker', async () => {
    const res = await markers(reportId, 'edl').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="ntsc-talk-markers.edl"');
    const { fcm, events } = readMarkerEdl(res.text, [30000, 1001], false);
    expect(fcm).toBe('NON-DROP FRAME');
    const expected = editorMarkersOf(analysis);
    const rate = timelineRateFor(29.97);
    expect(events).toHaveLength(expected.length);
    events.forEach((event, i) => {
      expect(event.recordIn.frameCount).toBe(30 * 3600 + frameAt(rate, expected[i]!.seconds));
      expect(event.color).toMatch(/^ResolveColor(Red|Yellow|Cyan|Purple)$/);
      expect(event.name).toContain(expected[i]!.title.slice(0, 12).replace(/[^\x20-\x7e]/g, '').trim());
      // Each marker spans its finding's stretch in frames (one frame for an instant).
      expect(event.durationFrames).toBe(Math.max(1, frameAt(rate, expected[i]!.seconds + expected[i]!.durationSeconds) - frameAt(rate, expected[i]!.seconds)));
    });
    // The engine records where its findings end, so a stretch is more than one frame; no two markers share a moment.
    expect(analysis.prevention_analytics.prevention_fixes.some((f) => f.end_seconds !== undefined)).toBe(true);
    expect(events.some((e) => e.durationFrames > 1)).toBe(true);
    expected.slice(1).forEach((m, i) => expect(m.seconds - expected[i]!.seconds).toBeGreaterThanOrEqual(1));
  });

  it('Premiere Pro: an xmeml sequence at timebase 30 NTSC with a marker per issue and drop-off', async () => {
    const res = await markers(reportId, 'premiere').expect(200);
    expect(res.headers['content-disposition']).toContain('filename="ntsc-talk-premiere.xml"');
    const doc = parseXml(res.text) as { xmeml: { '@_version': string; sequence: { rate: { timebase: number; ntsc: string }; duration: number; marker: { name: string; in: number; out: number }[] } } };
    expect(doc.xmeml['@_version']).toBe('4');
    expect(doc.xmeml.sequence.rate).toEqual({ timebase: 30, ntsc: 'TRUE' });
    const expected = editorMarkersOf(analysis);
    expect(doc.xmeml.sequence.marker.map((m) => m.name)).toEqual(expected.map(markerName));
    for (const m of doc.xmeml.sequence.marker) expect(m.in).toBeLessThan(doc.xmeml.sequence.duration);
  });

  it('YouTube: chapters that get-youtube-chapters reads back and that follow YouTube\'s rules', async () => {
    const res = await markers(reportId, 'youtube').expect(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="ntsc-talk-youtube-chapters.txt"');
    const chapters = getYouTubeChapters(res.text);
    expect(chapters.length).toBeGreaterThanOrEqual(3);
    expect(chapters[0]!.start).toBe(0);
    chapters.forEach((chapter, i) => expect((chapters[i + 1]?.start ?? analysis.video_info.duration_seconds) - chapter.start).toBeGreaterThanOrEqual(10));
  });

  it('is the owner\'s: 401 without a token, 404 for another creator and for no such report, 400 for an unknown format', async () => {
    expect((await markers(reportId, 'fcpxml', null)).status).toBe(401);
    expect((await markers(reportId, 'fcpxml', bob)).status).toBe(404);
    expect((await markers('00000000-0000-4000-8000-000000000000', 'edl')).status).toBe(404);
    expect((await markers(reportId, 'avid')).status).toBe(400);
    expect((await http().get(`/api/reports/${reportId}/markers`).set(as(alice))).status).toBe(400);
  });

  it('says why there are no YouTube chapters for a video under 30 s, and still gives the editor files', async () => {
    const me = await http().get('/api/me').set(as(bob)).expect(200);
    const short = await db.getRepository(Report).save({ userId: me.body.id, originalFilename: 'teaser.mp4', status: 'completed', progress: 100, currentStep: 'completed', analyzedAt: new Date() });
    cpSync(SAMPLE_REPORT_SOURCE, storage.reportDir(short.id), { recursive: true });
    const data = JSON.parse(readFileSync(join(SAMPLE_REPORT_SOURCE, 'report.json'), 'utf8')) as AnalysisReport;
    writeFileSync(join(storage.reportDir(short.id), 'report.json'), JSON.stringify({ ...data, video_info: { ...data.video_info, original_filename: 'teaser.mp4' } }));

    const refused = await markers(short.id, 'youtube', bob).expect(422);
    expect(refused.body.message).toBe('YouTube chapters need at least 3 chapters of 10 seconds or more, so a 0:28 video cannot have them (it needs 0:30).');
    for (const format of ['fcpxml', 'edl', 'premiere']) expect((await markers(short.id, format, bob)).status).toBe(200);
  });
});
