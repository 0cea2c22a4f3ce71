/**
 * The decode is bounded by what the file contains, not by what its container declares, and an interrupted decode is
 * never taken for a verdict on the file.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { AnalysisInputError, AnalysisInterruptedError } from '../../src/analysis';
import { decodeSignals } from '../../src/analysis/signals/decode';
import { probeFile } from '../../src/analysis/signals/probe';
import { makeVideo } from '../../scripts/media/generate';

const exec = promisify(execFile);
jest.setTimeout(120_000);

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'preflight-limits-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('stops decoding a raw H.264 stream (no declared duration) just past the limit and refuses it as too long', async () => {
  const raw = path.join(dir, 'raw.h264');
  await exec('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=96x64:r=25', '-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'h264', raw]);
  const probe = await probeFile(raw);
  expect(probe.durationS).toBe(0);
  const error = await decodeSignals(raw, probe, { timeoutMs: 60_000, maxDurationS: 6 }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnalysisInputError);
  expect((error as AnalysisInputError).code).toBe('too_long');
});

it('reports an ffmpeg killed by a shutdown signal as an interruption to retry, not as a truncated file', async () => {
  const { path: video } = await makeVideo({ dir, name: 'long', width: 320, height: 240, shots: [{ seconds: 40, visual: 'testsrc', background: 'tone' }] });
  const probe = await probeFile(video);
  let killed = false;
  const error = await decodeSignals(video, probe, {
    timeoutMs: 60_000,
    onSpawn: (child) => {
      // As Ctrl-C does to the whole process group: the decode is cut from outside, part-way through.
      child.stderr?.once('data', () => setTimeout(() => (killed = child.kill('SIGTERM')), 200));
    },
  }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(killed).toBe(true);
  expect(error).toBeInstanceOf(AnalysisInterruptedError);
});
