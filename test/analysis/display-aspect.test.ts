/**
 * Non-square pixels and rotation (issue 27, item 6): the report's size, aspect and every frame image follow the
 * picture as displayed, not as stored. A 352×288 picture with 16:11 pixels displays at 16:9 (the small sibling of a
 * 704×576 PAL broadcast clip); stored 240×320 with 3:4 pixels, a picture is 180×320 before its 90° rotation, 320×180 after.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo } from '../../src/analysis';
import { makeVideo } from '../../scripts/media/generate';

jest.setTimeout(180_000);
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-aspect-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Width / height of a JPEG as a viewer shows it (its sample aspect ratio applied). */
function shownAspect(file: string): number {
  const [w, h, sar] = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width,height,sample_aspect_ratio', '-of', 'csv=p=0', file])
    .toString().trim().split(',');
  const [n, d] = /^\d+:\d+$/.test(sar) && !sar.startsWith('0') ? sar.split(':').map(Number) : [1, 1];
  return (Number(w) * n) / d / Number(h);
}

it.each([
  { name: 'pal-16x11', width: 352, height: 288, sar: [16, 11] as [number, number], rotation: undefined, shown: [512, 288], label: '16:9' },
  { name: 'phone-3x4-rotated', width: 240, height: 320, sar: [3, 4] as [number, number], rotation: 90 as const, shown: [320, 180], label: '16:9' },
])('$name: size, aspect and frame images as displayed', async ({ name, width, height, sar, rotation, shown, label }) => {
  const { path: f, truth } = await makeVideo({
    dir, name, width, height, sar, rotation,
    shots: [{ seconds: 3, visual: 'testsrc', speech: 'Pixels are not always square.' }, { seconds: 3, visual: 'noise' }],
  });
  const out = path.join(dir, `out-${name}`);
  const r = await analyzeVideo(f, { outDir: out, platform: 'youtube' });
  const [w, h] = shown;
  expect([truth.width, truth.height]).toEqual([w, h]);
  expect([r.video_info.width, r.video_info.height]).toEqual([w, h]);
  expect(r.video_info.rotation).toBe(rotation ?? 0);
  expect(r.video_info.aspect_ratio).toBe(label);
  expect(r.metrics.aspect_ratio).toBeCloseTo(w / h, 2);
  expect(r.report_metadata.warnings.some((x) => x.includes('non-square pixels'))).toBe(true);
  const frames = fs.readdirSync(path.join(out, 'frames'));
  expect(frames.length).toBeGreaterThan(0);
  for (const jpg of frames) {
    expect({ jpg, aspect: Math.round(shownAspect(path.join(out, 'frames', jpg)) * 100) / 100 }).toEqual({ jpg, aspect: Math.round((w / h) * 100) / 100 });
  }
});
