/**
 * Adaptive hard-cut detection on generated media (issue 12, item 7): a cut right after a busy, fast-panning shot is
 * found, and the end of a freeze-frame (the picture holds, then plays on) is not taken for a cut.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo, type Report } from '../../src/analysis';
import { makeVideo, type MediaTruth } from '../../scripts/media/generate';

jest.setTimeout(180_000);

let dir: string;
const analysed: Array<{ name: string; truth: MediaTruth; report: Report }> = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-cuts-'));
  const busy = await makeVideo({
    dir, name: 'busy', fps: 30,
    shots: [
      { seconds: 3, visual: 'pan', speech: 'A fast pan, then a hard cut.', speechAt: 0.3 },
      { seconds: 2, visual: 'still' },
      { seconds: 2.5, visual: 'pan', hue: 120 },
      { seconds: 2.5, visual: 'gradients' },
    ],
  });
  const freeze = await makeVideo({
    dir, name: 'freeze', fps: 30,
    shots: [
      { seconds: 4, visual: 'pan', freeze: { at_s: 1.5, seconds: 1 }, speech: 'The picture holds, then plays on.', speechAt: 0.3 },
      { seconds: 3, visual: 'testsrc', freeze: { at_s: 1, seconds: 1 } },
      { seconds: 2, visual: 'gradients' },
    ],
  });
  for (const [name, g] of Object.entries({ busy, freeze })) {
    const report = await analyzeVideo(g.path, { outDir: path.join(dir, `out-${name}`), platform: 'tiktok', frames: false });
    analysed.push({ name, truth: g.truth, report });
  }
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Each true cut matched by one detection within a frame, and no other detection. */
function matchCuts(truth: number[], found: number[], fps: number) {
  const tol = 1 / fps + 1e-3;
  const unmatched = [...found];
  const missed: number[] = [];
  for (const t of truth) {
    const i = unmatched.findIndex((f) => Math.abs(f - t) <= tol);
    if (i < 0) missed.push(t);
    else unmatched.splice(i, 1);
  }
  return { missed, extra: unmatched };
}

it('finds every cut after a busy, fast-panning shot, within a frame, and nothing inside the pans', () => {
  const c = analysed.find((a) => a.name === 'busy')!;
  expect(c.truth.cuts).toEqual([3, 5, 7.5]);
  expect(matchCuts(c.truth.cuts, c.report.metrics.cuts, c.truth.fps)).toEqual({ missed: [], extra: [] });
});

it('does not take the end of a freeze-frame for a cut', () => {
  const c = analysed.find((a) => a.name === 'freeze')!;
  expect(c.truth.cuts).toEqual([4, 7]);
  expect(matchCuts(c.truth.cuts, c.report.metrics.cuts, c.truth.fps)).toEqual({ missed: [], extra: [] });
  // The freeze is really in the picture: the engine sees it as a frozen stretch.
  expect(c.report.metrics.frozen_segments.some((s) => s.start_s >= 1.4 && s.start_s <= 1.7 && s.end_s - s.start_s >= 0.8)).toBe(true);
});
