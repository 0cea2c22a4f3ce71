/**
 * A video without an audio stream, on generated media: one plain finding with its own severity, reflected in the
 * score (issue 12 item 3: such a clip used to score 77 "Almost There").
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo } from '../../src/analysis';
import { makeTalkingVideo } from '../../scripts/media/generate';

jest.setTimeout(120_000);
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-nosound-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('a well-cut video with no audio stream is told it has no sound and is not "Almost There"', async () => {
  const { path: f } = await makeTalkingVideo({ dir, seconds: 10, noAudio: true, width: 180, height: 320 });
  const short = await analyzeVideo(f, { outDir: path.join(dir, 'a'), platform: 'tiktok', frames: false });
  const fix = short.prevention_analytics.prevention_fixes.find((x) => x.id.startsWith('no-audio'));
  expect(fix).toMatchObject({ severity: 'high', evidence: 'the file has no audio track' });
  expect(short.detailed_analysis.find((d) => d.id === fix!.id)!.severity).toBe('Critical');
  expect(short.overall_score_and_recommendations.overall_performance_score).toBeLessThanOrEqual(49);
  expect(short.overall_score_and_recommendations.top_recommendations[0]).toMatch(/no sound/);
  expect(short.metrics.audio_classes).toEqual([]);
  const yt = await analyzeVideo(f, { outDir: path.join(dir, 'b'), platform: 'youtube', frames: false });
  expect(yt.detailed_analysis.find((d) => d.id.startsWith('no-audio'))!.severity).toBe('High');
  expect(yt.overall_score_and_recommendations.overall_performance_score).toBeLessThanOrEqual(69);
});
