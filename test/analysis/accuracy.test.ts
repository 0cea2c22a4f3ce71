/**
 * Accuracy of the analysis engine against generated media with known ground truth (issue 4).
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { analyzeVideo, type Report } from '../../src/analysis';
import { makeTwins, makeVideo, type MediaTruth } from '../../scripts/media/generate';

const exec = promisify(execFile);
jest.setTimeout(180_000);

let dir: string;
type Case = { name: string; path: string; truth: MediaTruth; report: Report };
const cases: Case[] = [];
let dead: Case;
let engaging: Case;
let flat: Case;

async function analyse(name: string, g: { path: string; truth: MediaTruth }): Promise<Case> {
  const report = await analyzeVideo(g.path, { outDir: path.join(dir, `out-${name}`), platform: 'tiktok' });
  return { name, ...g, report };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-accuracy-'));
  const cuts = await makeVideo({
    dir, name: 'cuts', fps: 30,
    shots: [
      { seconds: 2.5, visual: 'testsrc', speech: 'Three things nobody tells you about editing.', speechAt: 0.4 },
      { seconds: 2, visual: 'gradients' },
      { seconds: 3, visual: 'life', speech: 'First, cut every pause.', speechAt: 1.2 },
      { seconds: 2.2, visual: 'mandelbrot' },
      { seconds: 3, visual: 'bars', speech: 'Second, move the camera.', speechAt: 0.8 },
      { seconds: 2.6, visual: 'testsrc', hue: 160, background: 'tone', backgroundDb: -26 },
      { seconds: 3, visual: 'gradients', hue: 90, speech: 'Third, end on your best line.', speechAt: 0.5 },
    ],
  });
  const cuts25 = await makeVideo({
    dir, name: 'cuts25', fps: 25, width: 256, height: 256,
    shots: [
      { seconds: 1.6, visual: 'life', speech: 'Square video at twenty five frames.', speechAt: 0.2 },
      { seconds: 2.4, visual: 'testsrc' },
      { seconds: 1.2, visual: 'still' },
      { seconds: 2.8, visual: 'gradients', speech: 'With short shots and a still card.', speechAt: 0.6 },
      { seconds: 2, visual: 'mandelbrot' },
    ],
  });
  const deadG = await makeVideo({
    dir, name: 'dead', fps: 30,
    shots: [
      { seconds: 3, visual: 'testsrc', speech: 'Welcome back, here is the plan for today.', speechAt: 0.3 },
      { seconds: 3, visual: 'gradients', speech: 'First we look at the numbers.', speechAt: 0.1 },
      { seconds: 2.5, visual: 'life', speech: 'Then we fix them.', speechAt: 0.1 },
      { seconds: 6, visual: 'still' },
      { seconds: 3, visual: 'testsrc', hue: 200, speech: 'And we are back with the results.', speechAt: 0.1 },
      { seconds: 3, visual: 'gradients', hue: 120, speech: 'That is all for today.', speechAt: 0.1 },
    ],
  });
  const twins = await makeTwins(dir);
  cases.push(await analyse('cuts', cuts), await analyse('cuts25', cuts25));
  dead = await analyse('dead', deadG);
  engaging = await analyse('engaging', twins.engaging);
  flat = await analyse('flat', twins.flat);
  cases.push(dead, engaging, flat);
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('hard cuts', () => {
  it('are found within 2 frames, with no false positives, on the generated set', () => {
    let truthCount = 0;
    for (const c of cases) {
      const tol = 2 / c.truth.fps + 1e-3;
      const found = c.report.metrics.cuts;
      for (const t of c.truth.cuts) {
        truthCount++;
        expect({ video: c.name, cut: t, near: found.some((f) => Math.abs(f - t) <= tol) }).toEqual({ video: c.name, cut: t, near: true });
      }
      for (const f of found) {
        expect({ video: c.name, detected: f, real: c.truth.cuts.some((t) => Math.abs(f - t) <= tol) }).toEqual({ video: c.name, detected: f, real: true });
      }
    }
    expect(truthCount).toBeGreaterThanOrEqual(15);
  });
});

describe('speech', () => {
  it('onset (first words) is within 150 ms of the truth', () => {
    for (const c of cases) {
      expect(c.truth.first_speech_s).not.toBeNull();
      expect(c.report.metrics.first_speech_s).not.toBeNull();
      expect({ video: c.name, err: Math.abs(c.report.metrics.first_speech_s! - c.truth.first_speech_s!) <= 0.15 }).toEqual({ video: c.name, err: true });
    }
  });
  it('every spoken clip after a pause starts within 150 ms of a detected segment start', () => {
    for (const c of cases) {
      c.truth.speech.forEach((s, i) => {
        if (i > 0 && s.start_s - c.truth.speech[i - 1].end_s < 0.4) return; // not after a pause: VAD rightly merges
        const hit = c.report.metrics.speech_segments.some((d) => Math.abs(d.start_s - s.start_s) <= 0.15);
        expect({ video: c.name, clip: s.start_s, hit }).toEqual({ video: c.name, clip: s.start_s, hit: true });
      });
    }
  });
});

describe('silences', () => {
  it('bounds are within 100 ms of the truth', () => {
    let n = 0;
    for (const c of cases) {
      for (const t of c.truth.silences) {
        n++;
        const hit = c.report.metrics.silences.find((d) => Math.abs(d.start_s - t.start_s) <= 0.1 && Math.abs(d.end_s - Math.min(t.end_s, c.report.metrics.duration_s)) <= 0.1);
        expect({ video: c.name, silence: t, hit: !!hit }).toEqual({ video: c.name, silence: t, hit: true });
      }
    }
    expect(n).toBeGreaterThanOrEqual(6);
  });
});

describe('loudness', () => {
  it('integrated loudness is within 0.5 LU of ffmpeg ebur128 run on its own', async () => {
    for (const c of cases) {
      const { stderr } = await exec('ffmpeg', ['-nostdin', '-hide_banner', '-nostats', '-i', c.path, '-map', '0:a:0', '-af', 'ebur128=peak=true', '-f', 'null', '-'], { maxBuffer: 64 * 1024 * 1024 });
      const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
      const ref = Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]);
      const tp = Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)![1]);
      expect(Math.abs(c.report.metrics.loudness.integrated_lufs! - ref)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(c.report.metrics.loudness.true_peak_dbtp! - tp)).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('retention model on real signals', () => {
  it('an injected 6 s static + silent segment is the top drop-off, within ±1.5 s', () => {
    const seg = dead.truth.dead_segments[0];
    expect(seg.end_s - seg.start_s).toBeGreaterThanOrEqual(5.5);
    const top = dead.report.drop_offs[0];
    expect(top).toBeDefined();
    expect(Math.abs(top.time_s - seg.start_s)).toBeLessThanOrEqual(1.5);
    expect(top.cause).toMatch(/silence|still/);
    const issue = dead.report.prevention_analytics.prevention_fixes.find((f) => f.id.startsWith('dead-segment'));
    expect(issue).toBeDefined();
    expect(issue!.severity).toBe('high');
  });

  it('an engaging video scores lower risk than its flat twin', () => {
    const e = engaging.report.prevention_analytics.viral_risk_score;
    const f = flat.report.prevention_analytics.viral_risk_score;
    expect(e).toBeLessThan(f);
    expect(f - e).toBeGreaterThanOrEqual(15);
    expect(engaging.report.viral_hook.predicted_hook_hold).toBeGreaterThan(flat.report.viral_hook.predicted_hook_hold);
    expect(flat.report.prevention_analytics.prevention_fixes.some((i) => i.category === 'hook')).toBe(true);
    expect(engaging.report.segments.filter((s) => s.rating === 'engaging').length).toBeGreaterThan(flat.report.segments.filter((s) => s.rating === 'engaging').length);
  });

  it('writes frames that exist, about 480 px wide, referenced relative to the report folder', () => {
    const r = dead.report;
    const out = path.join(dir, 'out-dead');
    expect(fs.existsSync(path.join(out, 'report.json'))).toBe(true);
    expect(r.frames.length).toBeGreaterThan(5);
    for (const f of r.predictive_frames) expect(fs.statSync(path.join(out, f.frame_image_path)).size).toBeGreaterThan(500);
    for (const d of r.detailed_analysis) expect(d.frame_image_path && fs.existsSync(path.join(out, d.frame_image_path))).toBe(true);
    const jpg = fs.readFileSync(path.join(out, r.frames[0].path));
    // SOF0 marker: width at offset +7
    const sof = jpg.indexOf(Buffer.from([0xff, 0xc0]));
    expect(jpg.readUInt16BE(sof + 7)).toBe(480);
  });
});
