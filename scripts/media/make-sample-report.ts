/**
 * Regenerates assets/sample-report/ (report.json + frames/*.jpg), the product's sample report:
 *   node -r @swc-node/register scripts/media/make-sample-report.ts [OUT_DIR]
 * A ~30 s vertical demo: espeak-ng voice over moving colourful visuals, a late first line, a 6.5 s silent still
 * stretch, a quieter mix and a long ending, so the report has issues of several severities.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo } from '../../src/analysis';
import { makeVideo, speak, type Shot } from './generate';

async function main() {
  const out = path.resolve(process.argv[2] ?? path.join(__dirname, '../../assets/sample-report'));
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-sample-'));
  try {
    const lines: Array<[Shot['visual'], number, string]> = [
      ['gradients', 0, 'Stop scrolling.'],
      ['testsrc', 0, 'This one edit doubled my watch time.'],
      ['life', 0, 'Here is exactly what I changed, step by step.'],
      ['mandelbrot', 0, 'I cut every pause longer than half a second.'],
      ['gradients', 140, 'And I added movement to every single shot.'],
      ['testsrc', 200, 'Try it on your next video and watch the numbers.'],
    ];
    const shots: Shot[] = [];
    for (const [i, [visual, hue, text]] of lines.entries()) {
      const at = i === 0 ? 1.9 : 0.1;
      // Each shot lasts as long as its line (plus a beat), so the talking parts have no gaps.
      const len = at + (await speak(text, 175)).length / 22050 + 0.15;
      shots.push({ seconds: Math.ceil(len * 10) / 10, visual, hue, speech: text, speechAt: at, gainDb: -4 });
      if (i === 2) shots.push({ seconds: 6.5, visual: 'still' }); // the deliberately flat stretch
    }
    shots[shots.length - 1].seconds += 3.2; // a long ending after the last line
    const { path: video } = await makeVideo({ dir: tmp, name: 'sample-video', width: 360, height: 640, fps: 30, wpm: 175, shots });
    fs.rmSync(out, { recursive: true, force: true });
    const report = await analyzeVideo(video, { outDir: out, style: 'balanced', platform: 'auto', originalFilename: 'sample-video.mp4' });
    const size = fs.readdirSync(path.join(out, 'frames')).reduce((a, f) => a + fs.statSync(path.join(out, 'frames', f)).size, 0) + fs.statSync(path.join(out, 'report.json')).size;
    console.log(`wrote ${out}: ${report.frames.length} frames, ${report.prevention_analytics.prevention_fixes.length} issues, ${(size / 1024).toFixed(0)} kB`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
