/**
 * Stylistic darkness is not a fault (issue 12 item 6): an underexposed picture (everything dim, no highlights) is
 * "too dark"; a low-key picture (dark background with bright, detailed subjects, e.g. a night scene or titles on
 * black) is not. Generated with ffmpeg so the luma statistics are known.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { analyzeVideo } from '../../src/analysis';

const exec = promisify(execFile);
jest.setTimeout(120_000);
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-lowkey-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function make(name: string, video: string): Promise<string> {
  const out = path.join(dir, `${name}.mp4`);
  await exec('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', video, '-f', 'lavfi', '-i', 'sine=f=220:d=6', '-shortest',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', out]);
  return out;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

it('calls an underexposed picture too dark, and a low-key one with highlights not', async () => {
  const under = await make('under', 'testsrc2=s=320x180:r=30:d=6,lutyuv=y=val*0.22');
  // Night-like frame: near-black background, a lit window and moving white text (about 11 % bright pixels).
  const lowKey = await make('lowkey', 'color=c=0x080808:s=320x180:r=30:d=6,drawtext=fontfile=/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf:text=NIGHT:fontsize=40:fontcolor=white:x=20+30*t:y=60,drawbox=x=220:y=20:w=40:h=140:color=0xffe0a0:t=fill');
  const u = await analyzeVideo(under, { outDir: path.join(dir, 'u'), platform: 'youtube', frames: false });
  const l = await analyzeVideo(lowKey, { outDir: path.join(dir, 'l'), platform: 'youtube', frames: false });
  // both really are dark on average
  expect(median(u.metrics.tracks.brightness)).toBeLessThan(50);
  expect(median(l.metrics.tracks.brightness)).toBeLessThan(50);
  expect(u.prevention_analytics.prevention_fixes.some((f) => f.id.startsWith('too-dark'))).toBe(true);
  expect(l.prevention_analytics.prevention_fixes.some((f) => f.id.startsWith('too-dark'))).toBe(false);
});
