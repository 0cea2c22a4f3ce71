/**
 * Real-creator footage shapes: a talking head (still tripod shot with sensor noise, continuous speech) and a narrated
 * screen recording (perfectly still picture, continuous speech) must not be flagged as dead or static; a silent
 * still stretch in the same kind of video must. Also checks the progress callback contract.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { analyzeVideo, type AnalysisProgress } from '../../src/analysis';
import { makeVideo, speak, type Shot } from '../../scripts/media/generate';

jest.setTimeout(120_000);
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-footage-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const talk = [
  'Today I want to show you how I plan a week of videos in one afternoon.',
  'First I write every hook on a sticky note and throw away the weak ones.',
  'Then I film all the intros together, while the energy is high.',
  'Finally I batch the edits, one step at a time, for every video at once.',
];

/** Continuous speech: each shot lasts as long as its line plus a natural 0.3 s breath. */
async function talkingShots(visual: Shot['visual']): Promise<Shot[]> {
  const shots: Shot[] = [];
  for (const [i, speech] of talk.entries()) {
    const at = i === 0 ? 0.3 : 0.05;
    shots.push({ seconds: at + (await speak(speech, 200)).length / 22050 + 0.3, visual, speech, speechAt: at, gainDb: 6 });
  }
  return shots;
}

const ids = (r: Awaited<ReturnType<typeof analyzeVideo>>) => r.prevention_analytics.prevention_fixes.map((f) => f.id).join(' ');

it('a talking head (still camera with noise, continuous speech) is not dead or static', async () => {
  const { path: f } = await makeVideo({ dir, name: 'talking-head', width: 180, height: 320, wpm: 200, shots: await talkingShots('still-noisy') });
  const r = await analyzeVideo(f, { outDir: path.join(dir, 'th'), style: 'brutal' });
  expect(r.metrics.speech_ratio).toBeGreaterThan(0.6);
  expect(ids(r)).not.toMatch(/dead-segment|static-stretch|hook-frozen-opening/);
  expect(r.drop_offs.filter((d) => d.cause_code.includes('static')).every((d) => d.predicted_loss < 3)).toBe(true);
});

it('a narrated screen recording (perfectly still picture) is not dead; a silent still gap in it is', async () => {
  const shots = await talkingShots('still');
  const { path: f } = await makeVideo({ dir, name: 'screen', width: 320, height: 180, wpm: 200, shots: [...shots.slice(0, 2), { seconds: 6, visual: 'still' }, ...shots.slice(2)] });
  const r = await analyzeVideo(f, { outDir: path.join(dir, 'sr'), style: 'brutal' });
  const fixes = r.prevention_analytics.prevention_fixes;
  const dead = fixes.filter((x) => x.id.startsWith('dead-segment'));
  expect(dead).toHaveLength(1);
  const gapStart = shots[0].seconds + shots[1].seconds;
  expect(Math.abs(dead[0].timestamp_seconds - gapStart)).toBeLessThan(1);
  expect(Math.abs(r.drop_offs[0].time_s - gapStart)).toBeLessThanOrEqual(1.5);
  expect(fixes.some((x) => x.id.startsWith('static-stretch'))).toBe(false);
  expect(r.drop_offs[0].cause_code).toBe('dead_air+static');
});

it('reports progress through preprocessing -> analyzing -> generating, never going backwards, ending at 100', async () => {
  const { path: f } = await makeVideo({ dir, name: 'progress', shots: [{ seconds: 4, visual: 'testsrc', speech: 'Progress test.' }, { seconds: 4, visual: 'life' }] });
  const events: AnalysisProgress[] = [];
  await analyzeVideo(f, { outDir: path.join(dir, 'pr') }, (p) => events.push(p));
  const order = ['preprocessing', 'analyzing', 'generating'];
  for (let i = 1; i < events.length; i++) {
    expect(events[i].progress).toBeGreaterThanOrEqual(events[i - 1].progress);
    expect(order.indexOf(events[i].stage)).toBeGreaterThanOrEqual(order.indexOf(events[i - 1].stage));
  }
  expect(events[0]).toMatchObject({ stage: 'preprocessing', progress: 0 });
  expect(events.at(-1)).toMatchObject({ stage: 'generating', progress: 100 });
  expect(events.some((e) => e.stage === 'analyzing')).toBe(true);
});
