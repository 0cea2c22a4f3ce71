/**
 * The proposed edit through the API (issue 42), real PostgreSQL and Auth emulator: the proposal from a stored report's
 * signals, the creator's changes checked and saved, refusals that name the range and save nothing, 409 for a report
 * without signals, the read-only view through a share link, API-key scopes, and the export's refusals.
 */
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getDataSourceToken } from '@nestjs/typeorm';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { ReportSchema } from '@preflight/shared';
import { StorageService } from '../../src/infra/storage/storage.service';
import { Report } from '../../src/modules/reports/report.entity';
import { SAMPLE_REPORT_SOURCE } from '../../src/modules/reports/sample-report.seeder';
import { startApiApp } from '../support/api-app';
import { createTestUser, type TestUser } from '../support/firebase-emulator';

jest.setTimeout(180_000);

interface Cut {
  start_seconds: number;
  end_seconds: number;
  reason: string;
  finding_id: string | null;
  enabled: boolean;
  kind: string;
}

describe('the proposed edit: GET/PUT /api/reports/{id}/edit, the shared view, the export (real stack)', () => {
  let api: NestExpressApplication;
  let db: DataSource;
  let alice: TestUser;
  let bob: TestUser;
  const ids = { done: '', failed: '', running: '', noData: '' };
  const http = () => request(api.getHttpServer());
  const as = (user: TestUser) => ({ Authorization: `Bearer ${user.idToken}` });
  const sample = ReportSchema.parse(JSON.parse(readFileSync(join(SAMPLE_REPORT_SOURCE, 'report.json'), 'utf8')));
  const D = sample.metrics.duration_s;
  const speech = sample.metrics.speech_segments;

  beforeAll(async () => {
    api = await startApiApp();
    db = api.get<DataSource>(getDataSourceToken());
    [alice, bob] = await Promise.all([createTestUser('Alice Edit'), createTestUser('Bob Edit')]);
    const me = await http().get('/api/me').set(as(alice)).expect(200);
    await http().get('/api/me').set(as(bob)).expect(200);
    const reports = db.getRepository(Report);
    const row = (status: 'completed' | 'error' | 'processing', name: string) =>
      reports.save({ userId: me.body.id, originalFilename: name, status, progress: status === 'processing' ? 40 : 100, currentStep: status === 'completed' ? 'completed' : 'analyzing', analyzedAt: status === 'completed' ? new Date() : null });
    const storage = api.get(StorageService);
    ids.done = (await row('completed', 'talk.mp4')).id;
    cpSync(SAMPLE_REPORT_SOURCE, storage.reportDir(ids.done), { recursive: true });
    ids.failed = (await row('error', 'broken.mp4')).id;
    ids.running = (await row('processing', 'running.mp4')).id;
    ids.noData = (await row('completed', 'lost.mp4')).id;
    mkdirSync(storage.reportDir(ids.noData), { recursive: true });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('proposes cuts from the stored signals, each with its reason and finding, and what they buy', async () => {
    const res = await http().get(`/api/reports/${ids.done}/edit`).set(as(alice)).expect(200);
    expect(res.body).toMatchObject({ report_id: ids.done, saved: false, updated_at: null, duration_seconds: D, margin_before_seconds: 0.15, margin_after_seconds: 0.25 });
    const cuts = res.body.cuts as Cut[];
    expect(cuts.length).toBeGreaterThan(0);
    for (const c of cuts) {
      expect(c.enabled).toBe(true);
      expect(c.reason).toMatch(/^\d+:\d\d(\.\d)?–\d+:\d\d(\.\d)? (slow start|dead air|pause|dead ending): /);
      // Never into speech, margins kept.
      for (const s of speech) expect(Math.min(c.end_seconds, s.end_s + 0.25) - Math.max(c.start_seconds, s.start_s - 0.15)).toBeLessThanOrEqual(1e-6);
    }
    const air = cuts.find((c) => c.kind === 'dead_air')!;
    expect(air.reason).toMatch(/dead air: 7\.0 s with no speech and a static picture$/);
    expect(air.finding_id).toBe(sample.detailed_analysis.find((d) => d.id.startsWith('dead-segment'))?.id);
    const removed = cuts.reduce((a, c) => a + c.end_seconds - c.start_seconds, 0);
    expect(res.body.kept_seconds).toBeCloseTo(D - removed, 1);
    expect(res.body.retention.before.duration_seconds).toBe(D);
    expect(res.body.retention.after.duration_seconds).toBeCloseTo(res.body.kept_seconds, 1);
    expect(res.body.retention.after.end_share_pct).toBeGreaterThan(res.body.retention.before.end_share_pct);
    expect(res.body.after_curve[0]).toEqual({ t_seconds: 0, retention_pct: 100 });
    expect(res.body.fixed_finding_ids).toContain(air.finding_id);
    expect(res.body.frame_rate).toEqual({ num: 30, den: 1 });
  });

  it("saves the creator's changes (a cut switched off, an edge moved) and answers them on the next read", async () => {
    const proposed = (await http().get(`/api/reports/${ids.done}/edit`).set(as(alice)).expect(200)).body.cuts as Cut[];
    const air = proposed.find((c) => c.kind === 'dead_air')!;
    const changed = proposed.map((c, i) => (c === air ? { ...c, start_seconds: c.start_seconds + 1 } : i === 0 ? { ...c, enabled: false } : c));
    const put = await http().put(`/api/reports/${ids.done}/edit`).set(as(alice)).send({ cuts: changed }).expect(200);
    expect(put.body.saved).toBe(true);
    const moved = (put.body.cuts as Cut[]).find((c) => c.finding_id === air.finding_id)!;
    expect(moved.start_seconds).toBeCloseTo(air.start_seconds + 1, 3);
    expect(moved.reason).toMatch(/dead air: 6\.0 s/);
    expect((put.body.cuts as Cut[])[0].enabled).toBe(false);
    const again = await http().get(`/api/reports/${ids.done}/edit`).set(as(alice)).expect(200);
    expect(again.body).toEqual(put.body);
    const [row] = await db.query('SELECT cuts, margin_before_s FROM report_edits WHERE report_id = $1', [ids.done]);
    expect(row.cuts).toHaveLength(proposed.length);
    expect(row.margin_before_s).toBe(0.15);
  });

  it('refuses a bad list with 400 naming the range and why, and saves nothing', async () => {
    const before = (await http().get(`/api/reports/${ids.done}/edit`).set(as(alice)).expect(200)).body;
    const firstWordsEnd = speech[0].end_s;
    const bad: Array<[object, RegExp]> = [
      [{ cuts: [{ start_seconds: 10, end_seconds: 14, enabled: true }, { start_seconds: 13, end_seconds: 15, enabled: true }] }, /^Cut 2 \(0:13\.00–0:15\.00\) overlaps cut 1 \(0:10\.00–0:14\.00\)\.$/],
      [{ cuts: [{ start_seconds: 26, end_seconds: D + 5, enabled: true }] }, /^Cut 1 \(0:26\.00–0:33\.30\) falls outside the video/],
      [{ cuts: [{ start_seconds: firstWordsEnd - 0.3, end_seconds: firstWordsEnd + 0.5, enabled: true }] }, /^Cut 1 .* cuts into speech at 0:01\.98–0:02\.82 \(the edit keeps 0\.15 s before and 0\.25 s after speech\)\.$/],
      [{ cuts: [{ start_seconds: 0, end_seconds: D, enabled: true }], margin_before_seconds: 0, margin_after_seconds: 0 }, /^Cut 1 .* cuts into speech/],
      [{ cuts: [{ start_seconds: 5, end_seconds: 4, enabled: true }] }, /ends before it starts/],
    ];
    for (const [body, message] of bad) {
      const res = await http().put(`/api/reports/${ids.done}/edit`).set(as(alice)).send(body).expect(400);
      expect(res.body.message).toMatch(message);
    }
    // Malformed bodies are 400 too (the DTO), never 500.
    await http().put(`/api/reports/${ids.done}/edit`).set(as(alice)).send({ cuts: [{ start_seconds: 'x', end_seconds: 2, enabled: true }] }).expect(400);
    await http().put(`/api/reports/${ids.done}/edit`).set(as(alice)).send({ cuts: 'all' }).expect(400);
    await http().put(`/api/reports/${ids.done}/edit`).set(as(alice)).send({ cuts: [], margin_after_seconds: 5 }).expect(400);
    expect((await http().get(`/api/reports/${ids.done}/edit`).set(as(alice)).expect(200)).body).toEqual(before);
  });

  it('answers 409 with the reason for a report without signals, 404 for another creator, 401 for nobody', async () => {
    for (const id of [ids.failed, ids.running, ids.noData]) {
      const res = await http().get(`/api/reports/${id}/edit`).set(as(alice)).expect(409);
      expect(res.body.message).toMatch(/failed|still running|no stored signals/);
      await http().put(`/api/reports/${id}/edit`).set(as(alice)).send({ cuts: [] }).expect(409);
    }
    await http().get(`/api/reports/${ids.done}/edit`).set(as(bob)).expect(404);
    await http().put(`/api/reports/${ids.done}/edit`).set(as(bob)).send({ cuts: [] }).expect(404);
    await http().get(`/api/reports/${ids.done}/edit/export?format=mlt`).set(as(bob)).expect(404);
    await http().get(`/api/reports/${ids.done}/edit`).expect(401);
  });

  it('a client with the share link reads the saved edit, read-only', async () => {
    const link = await http().post(`/api/prevention/reports/${ids.done}/share`).set(as(alice)).send({}).expect(201);
    const token = (link.body.token ?? link.body.shareToken) as string;
    const owner = (await http().get(`/api/reports/${ids.done}/edit`).set(as(alice)).expect(200)).body;
    const shared = await http().get(`/public/prevention/share/${token}/edit`).expect(200);
    expect(shared.body).toEqual(owner);
    await http().put(`/api/reports/${ids.done}/edit`).set('X-Share-Token', token).send({ cuts: [] }).expect(401);
    await http().get(`/public/prevention/share/${'x'.repeat(43)}/edit`).expect(404);
  });

  it('API keys: a read key reads, only a write key saves', async () => {
    const key = async (scope: 'read' | 'write') => (await http().post('/api/keys').set(as(alice)).send({ name: `edit ${scope}`, scope }).expect(201)).body.key as string;
    const [read, write] = [await key('read'), await key('write')];
    const body = (await http().get(`/api/reports/${ids.done}/edit`).set('X-API-Key', read).expect(200)).body;
    await http().put(`/api/reports/${ids.done}/edit`).set('X-API-Key', read).send({ cuts: body.cuts }).expect(403);
    await http().put(`/api/reports/${ids.done}/edit`).set('X-API-Key', write).send({ cuts: body.cuts }).expect(200);
  });

  it('exports the saved edit in every format: the kept pieces of the original, named after it', async () => {
    const edit = (await http().get(`/api/reports/${ids.done}/edit`).set(as(alice)).expect(200)).body as { cuts: Cut[]; kept_seconds: number };
    const on = edit.cuts.filter((c) => c.enabled).sort((a, b) => a.start_seconds - b.start_seconds);
    // The kept pieces between the enabled cuts (and before the first, after the last).
    let pieces = 0;
    let t = 0;
    for (const c of on) {
      if (c.start_seconds > t + 1e-6) pieces += 1;
      t = c.end_seconds;
    }
    if (t < D - 1e-6) pieces += 1;
    const text = (r: request.Response) => (typeof r.body === 'string' && r.body ? r.body : Buffer.isBuffer(r.body) ? r.body.toString('utf8') : r.text);
    for (const [format, name] of [['mlt', 'talk-edit.mlt'], ['fcpxml', 'talk-edit.fcpxml'], ['xmeml', 'talk-edit-premiere.xml'], ['edl', 'talk-edit.edl'], ['ffmpeg', 'talk-tighten.sh'], ['ffmpeg-bat', 'talk-tighten.bat']]) {
      const res = await http().get(`/api/reports/${ids.done}/edit/export?format=${format}`).set(as(alice)).buffer(true).parse((r, cb) => {
        let d = '';
        r.on('data', (c: Buffer) => (d += c.toString('utf8')));
        r.on('end', () => cb(null, d));
      }).expect(200);
      expect(res.headers['content-disposition']).toContain(`filename="${name}"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = text(res);
      expect(body).toContain('talk.mp4');
      if (format === 'edl') expect(body.match(/^\d{3} {2}AX/gm)).toHaveLength(pieces);
      if (format === 'mlt') expect(body.match(/<entry /g)).toHaveLength(pieces);
    }
  });

  it('the export: an unknown format is 400, and an edit with no cut on is never exported (422)', async () => {
    await http().get(`/api/reports/${ids.done}/edit/export?format=avi`).set(as(alice)).expect(400);
    const cuts = ((await http().get(`/api/reports/${ids.done}/edit`).set(as(alice)).expect(200)).body.cuts as Cut[]).map((c) => ({ ...c, enabled: false }));
    const off = await http().put(`/api/reports/${ids.done}/edit`).set(as(alice)).send({ cuts }).expect(200);
    expect(off.body.kept_seconds).toBe(D);
    expect(off.body.retention.after).toEqual(off.body.retention.before);
    const res = await http().get(`/api/reports/${ids.done}/edit/export?format=edl`).set(as(alice)).expect(422);
    expect(res.body.message).toMatch(/No cut is switched on/);
  });
});
