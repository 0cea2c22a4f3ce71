/**
 * Bad and unusual input: a clear error (AnalysisInputError with a human message) or a correct report; never a crash
 * or a hang. Also drives the CLI once for the exit code and message.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { analyzeVideo, AnalysisInputError, ReportSchema } from '../../src/analysis';
import { makeBadFile, makeTalkingVideo, makeVideo } from '../../scripts/media/generate';

const exec = promisify(execFile);
jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-bad-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const out = (name: string) => path.join(dir, `out-${name}`);

async function expectInputError(file: string, message: RegExp) {
  const t0 = Date.now();
  const err = await analyzeVideo(file, { outDir: out(path.basename(file)) }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AnalysisInputError);
  expect((err as Error).message).toMatch(message);
  expect(Date.now() - t0).toBeLessThan(30_000);
  expect(fs.existsSync(path.join(out(path.basename(file)), 'report.json'))).toBe(false);
}

describe('clear errors', () => {
  it('zero bytes', async () => {
    await expectInputError(await makeBadFile(dir, 'zero-bytes'), /empty/);
  });
  it('text renamed .mp4', async () => {
    await expectInputError(await makeBadFile(dir, 'text-as-mp4'), /unreadable|not a video/i);
  });
  it('truncated file (index at the end, cut off)', async () => {
    await expectInputError(await makeBadFile(dir, 'truncated'), /unreadable or truncated/);
  });
  it('audio-only', async () => {
    await expectInputError(await makeBadFile(dir, 'audio-only'), /^This file has no video stream\.$/);
  });
  it('longer than 1 hour (rejected from the probe, without decoding)', async () => {
    const { path: f } = await makeVideo({ dir, name: 'too-long', fps: 1, width: 64, height: 64, noAudio: true, shots: [{ seconds: 3700, visual: 'black' }] });
    await expectInputError(f, /^Video is longer than 1 hour\.$/);
  });
  it('a missing file', async () => {
    await expectInputError(path.join(dir, 'nope.mp4'), /could not be found/);
  });
});

describe('correct reports', () => {
  it('truncated file with the index at the front: a report for what decodes, or a clear error', async () => {
    const f = await makeBadFile(dir, 'truncated-faststart');
    const r = await analyzeVideo(f, { outDir: out('tf') }).catch((e: unknown) => e as Error);
    if (r instanceof Error) {
      expect(r).toBeInstanceOf(AnalysisInputError);
    } else {
      expect(ReportSchema.safeParse(r).success).toBe(true);
      expect(r.report_metadata.warnings.join(' ')).toMatch(/truncated|damaged|decoded/);
    }
  });

  it('video without audio: report with a no-audio issue, no audio metrics', async () => {
    const { path: f } = await makeTalkingVideo({ dir, seconds: 6, noAudio: true });
    const r = await analyzeVideo(f, { outDir: out('noaudio') });
    expect(r.video_info.has_audio).toBe(false);
    expect(r.metrics.loudness.integrated_lufs).toBeNull();
    expect(r.metrics.speech_segments).toEqual([]);
    expect(r.prevention_analytics.prevention_fixes.map((i) => i.id).join(' ')).toContain('no-audio');
  });

  it('1 s clip', async () => {
    const { path: f } = await makeVideo({ dir, name: 'one-second', shots: [{ seconds: 1, visual: 'testsrc', speech: 'Hi!', speechAt: 0.1 }] });
    const r = await analyzeVideo(f, { outDir: out('1s') });
    expect(r.video_info.duration_seconds).toBeGreaterThan(0.9);
    expect(r.video_info.duration_seconds).toBeLessThan(1.2);
    expect(r.retention_curve.points[0].retention_pct).toBe(100);
    expect(r.frames.length).toBeGreaterThanOrEqual(1);
  });

  it('rotated phone video: displayed as portrait, frames upright', async () => {
    const { path: f, truth } = await makeVideo({
      dir, name: 'rotated', width: 320, height: 180, rotation: 90,
      shots: [{ seconds: 3, visual: 'testsrc', speech: 'Filmed on a phone held upright.' }, { seconds: 3, visual: 'gradients' }],
    });
    const r = await analyzeVideo(f, { outDir: out('rot'), platform: 'auto' });
    expect([90, 270]).toContain(r.video_info.rotation);
    expect([r.video_info.width, r.video_info.height]).toEqual([truth.width, truth.height]);
    expect(r.video_info.orientation).toBe('vertical');
    expect(r.report_metadata.platform).toBe('shorts');
    expect(r.prevention_analytics.prevention_fixes.some((i) => i.id.startsWith('platform-aspect'))).toBe(false);
    const jpg = fs.readFileSync(path.join(out('rot'), r.frames[0].path));
    const sof = jpg.indexOf(Buffer.from([0xff, 0xc0]));
    const h = jpg.readUInt16BE(sof + 5);
    const w = jpg.readUInt16BE(sof + 7);
    expect(h).toBeGreaterThan(w);
    expect(r.metrics.cuts.some((c) => Math.abs(c - 3) < 0.1)).toBe(true);
  });

  it('variable frame rate video', async () => {
    const { path: f, truth } = await makeVideo({
      dir, name: 'vfr', variableFrameRate: true,
      shots: [
        { seconds: 2, visual: 'testsrc', speech: 'Variable frame rate.' },
        { seconds: 2, visual: 'gradients' },
        { seconds: 2, visual: 'life' },
        { seconds: 2, visual: 'mandelbrot', speech: 'Still fine.' },
      ],
    });
    const r = await analyzeVideo(f, { outDir: out('vfr') });
    expect(Math.abs(r.video_info.duration_seconds - truth.duration_s)).toBeLessThan(0.2);
    for (const c of truth.cuts) expect(r.metrics.cuts.some((x) => Math.abs(x - c) <= 0.1)).toBe(true);
    expect(ReportSchema.safeParse(r).success).toBe(true);
  });
});

describe('CLI', () => {
  const cli = (args: string[]) =>
    exec(process.execPath, ['-r', '@swc-node/register', path.join(__dirname, '../../src/cli.ts'), ...args], { cwd: path.join(__dirname, '../..'), timeout: 60_000 });

  it('prints a clear message and exits 1 on bad input', async () => {
    const f = await makeBadFile(dir, 'text-as-mp4');
    const err = await cli([f, '--out', out('cli-bad')]).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toMatch(/Cannot analyse this file: The file is unreadable/);
  });

  it('writes report.json and frames and prints a summary', async () => {
    const { path: f } = await makeTalkingVideo({ dir, seconds: 6 });
    const { stdout } = await cli([f, '--style', 'brutal', '--platform', 'tiktok', '--out', out('cli-ok')]);
    expect(stdout).toMatch(/Predicted retention/);
    const report = JSON.parse(fs.readFileSync(path.join(out('cli-ok'), 'report.json'), 'utf8'));
    expect(report.report_metadata.feedback_style).toBe('brutal');
    expect(report.report_metadata.platform).toBe('tiktok');
    expect(fs.readdirSync(path.join(out('cli-ok'), 'frames')).length).toBe(report.frames.length);
  });
});
