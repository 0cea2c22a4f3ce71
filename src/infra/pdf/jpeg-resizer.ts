import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTool } from '../../analysis/signals/process';

export interface ResizeInput {
  path: string;
  /** Output width in pixels (height follows the displayed aspect ratio, rounded to even). */
  widthPx: number;
}

export interface ResizeOptions {
  /** ffmpeg's JPEG qscale, 2 (best) … 31 (smallest). */
  quality: number;
  timeoutMs?: number;
}

/**
 * Re-encodes JPEG files, each at its own width, in a single ffmpeg process (one input and one output per file), so a report's
 * frames cost one process start, not one per frame. Returns the new JPEG bytes in input order.
 */
export async function resizeJpegs(inputs: ResizeInput[], options: ResizeOptions): Promise<Buffer[]> {
  if (inputs.length === 0) return [];
  const dir = await mkdtemp(join(tmpdir(), 'preflight-pdf-frames-'));
  try {
    const args = ['-hide_banner', '-nostdin', '-v', 'error'];
    for (const input of inputs) args.push('-i', input.path);
    // The height follows the display aspect (dar = w/h × the JPEG's pixel aspect), with square pixels out: frames of
    // non-square-pixel video stored by older analyses carry their pixel aspect in the JPEG, and a PDF ignores it.
    const filters = inputs.map(
      (input, i) => `[${i}:v]scale=w=${input.widthPx}:h='max(2,trunc(${input.widthPx}/dar/2)*2)':flags=lanczos,setsar=1,format=yuvj420p[o${i}]`,
    );
    args.push('-filter_complex', filters.join(';'));
    const outputs = inputs.map((_, i) => join(dir, `${i}.jpg`));
    outputs.forEach((output, i) => args.push('-map', `[o${i}]`, '-frames:v', '1', '-q:v', String(options.quality), output));
    const result = await runTool('ffmpeg', args, { timeoutMs: options.timeoutMs ?? 30_000 });
    if (result.code !== 0) throw new Error(`ffmpeg could not resize frames: ${result.stderrTail.slice(-3).join(' ')}`);
    return await Promise.all(outputs.map((output) => readFile(output)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
