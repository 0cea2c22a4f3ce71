/**
 * Frame thumbnails (JPEG ~480 px wide, upright) for report.json.
 *  - Timeline/even frames come from the thumbnails the single decode pass already wrote (no extra decoding).
 *  - Frames for exact moments (issues, drop-offs) reuse a pass thumbnail within FRAME_SNAP_S, otherwise they are
 *    taken with fast accurate seeking: `-ss` before `-i` (demuxer jumps to the previous keyframe, the decoder runs
 *    forward to the exact time), one short ffmpeg per frame, SEEK_CONCURRENCY at a time. (One ffmpeg with many
 *    `-ss/-i` inputs was measured ~14x slower in CPU: ffmpeg keeps decoding every input until all outputs finish.)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { C } from './model/constants';
import { runTool } from './signals/process';
import { displayScale } from './signals/decode';

export interface FrameRef {
  time_s: number;
  /** Path relative to the report folder, e.g. frames/00125.jpg */
  path: string;
}

export function framePath(t: number): string {
  return `frames/${String(Math.round(t * 10)).padStart(5, '0')}.jpg`;
}

export interface FrameRequest {
  time_s: number;
  /** exact: issue/drop-off moments (snap only within FRAME_SNAP_S); loose: timeline sampling (any nearby thumbnail). */
  exact: boolean;
}

export async function collectFrames(
  filePath: string,
  requests: FrameRequest[],
  thumbs: Array<{ time_s: number; file: string }>,
  outDir: string,
  opts: { ffmpegPath?: string; durationS: number; fps: number; signal?: AbortSignal; onProgress?: (done: number, total: number) => void },
): Promise<FrameRef[]> {
  fs.mkdirSync(path.join(outDir, 'frames'), { recursive: true });
  const out = new Map<string, FrameRef>();
  const seeks: number[] = [];
  const spacing = thumbs.length > 1 ? thumbs[1].time_s - thumbs[0].time_s : Infinity;
  for (const r of requests) {
    let best: { time_s: number; file: string } | undefined;
    for (const t of thumbs) if (!best || Math.abs(t.time_s - r.time_s) < Math.abs(best.time_s - r.time_s)) best = t;
    const tol = r.exact ? C.FRAME_SNAP_S : Math.max(C.FRAME_SNAP_S, spacing);
    if (best && Math.abs(best.time_s - r.time_s) <= tol + 1e-6) {
      const rel = framePath(best.time_s);
      if (!out.has(rel)) {
        fs.copyFileSync(best.file, path.join(outDir, rel));
        out.set(rel, { time_s: best.time_s, path: rel });
      }
    } else {
      seeks.push(r.time_s);
    }
  }
  const lastSafe = Math.max(0, opts.durationS - 2 / Math.max(opts.fps, 1));
  const seekOne = async (t: number, back: number) => {
    const rel = framePath(t);
    const abs = path.join(outDir, rel);
    await runTool(
      opts.ffmpegPath ?? 'ffmpeg',
      ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-threads', '2', '-ss', Math.max(0, Math.min(t, lastSafe) - back).toFixed(3), '-i', filePath,
        '-map', '0:v:0', '-frames:v', '1', '-vf', displayScale(C.FRAME_WIDTH, false), '-q:v', String(C.FRAME_QUALITY), '-f', 'image2', '-update', '1', abs],
      { timeoutMs: 60_000, niceness: 10, signal: opts.signal },
    );
    return nonEmpty(abs) ? rel : null;
  };
  const queue = [...new Set(seeks)].filter((t) => !out.has(framePath(t)));
  let done = 0;
  const worker = async () => {
    for (let t = queue.shift(); t !== undefined; t = queue.shift()) {
      // A seek at the very end of a stream (or into a broken tail) can yield nothing: retry a little earlier.
      const rel = (await seekOne(t, 0)) ?? (await seekOne(t, 0.5));
      if (rel) out.set(rel, { time_s: t, path: rel });
      opts.onProgress?.(++done, seeks.length);
    }
  };
  await Promise.all(Array.from({ length: C.SEEK_CONCURRENCY }, worker));
  return [...out.values()].sort((a, b) => a.time_s - b.time_s);
}

function nonEmpty(p: string): boolean {
  try {
    return fs.statSync(p).size > 0;
  } catch {
    return false;
  }
}
