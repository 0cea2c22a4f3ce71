/**
 * Frame thumbnails: JPEG ~480 px wide at given times, fast accurate seeking (-ss before -i: the demuxer jumps to the
 * previous keyframe, the decoder runs forward to the exact time). Several timestamps per ffmpeg process (one input
 * per timestamp), FRAMES_PER_PROCESS at a time. Autorotation stays on so phone video comes out upright.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { C } from './model/constants';
import { runTool } from './signals/process';

export interface FrameJob {
  time_s: number;
  /** Path relative to the report folder, e.g. frames/00125.jpg */
  path: string;
}

export function framePath(t: number): string {
  return `frames/${String(Math.round(t * 10)).padStart(5, '0')}.jpg`;
}

export async function extractFrames(
  filePath: string,
  times: number[],
  outDir: string,
  opts: { ffmpegPath?: string; timeoutMs?: number; durationS: number; fps: number; signal?: AbortSignal; onBatch?: (done: number, total: number) => void },
): Promise<FrameJob[]> {
  fs.mkdirSync(path.join(outDir, 'frames'), { recursive: true });
  const jobs: FrameJob[] = [...new Set(times)].sort((a, b) => a - b).map((t) => ({ time_s: t, path: framePath(t) }));
  const lastSafe = Math.max(0, opts.durationS - 2 / Math.max(opts.fps, 1));
  const run = async (batch: FrameJob[], back: number) => {
    const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
    for (const j of batch) args.push('-threads', '2', '-ss', Math.max(0, Math.min(j.time_s, lastSafe) - back).toFixed(3), '-i', filePath);
    batch.forEach((j, i) => {
      args.push('-map', `${i}:v:0`, '-frames:v', '1', '-vf', `scale=${C.FRAME_WIDTH}:-2:flags=bicubic`, '-q:v', String(C.FRAME_QUALITY), '-f', 'image2', '-update', '1', path.join(outDir, j.path));
    });
    await runTool(opts.ffmpegPath ?? 'ffmpeg', args, { timeoutMs: opts.timeoutMs ?? 120_000, niceness: 10, signal: opts.signal });
  };
  let done = 0;
  for (let i = 0; i < jobs.length; i += C.FRAMES_PER_PROCESS) {
    const batch = jobs.slice(i, i + C.FRAMES_PER_PROCESS);
    await run(batch, 0);
    done += batch.length;
    opts.onBatch?.(done, jobs.length);
  }
  // A seek at the very end of a stream (or into a broken tail) can yield nothing: retry those a little earlier.
  const missing = jobs.filter((j) => !nonEmpty(path.join(outDir, j.path)));
  if (missing.length) await run(missing, 0.5);
  return jobs.filter((j) => nonEmpty(path.join(outDir, j.path)));
}

function nonEmpty(p: string): boolean {
  try {
    return fs.statSync(p).size > 0;
  } catch {
    return false;
  }
}
