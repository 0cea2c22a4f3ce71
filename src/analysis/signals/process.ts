import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import * as os from 'node:os';
import { AnalysisFailedError } from '../errors';

export interface RunOptions {
  /** Kill the process (SIGKILL) after this many milliseconds. */
  timeoutMs: number;
  /** Called for every stderr line, streaming (never buffered as a whole). */
  onStderrLine?: (line: string) => void;
  /** Called with each stdout chunk; return a promise to apply back-pressure (the stream is paused until it settles). */
  onStdout?: (chunk: Buffer) => void | Promise<void>;
  /** Called with each chunk the child writes to file descriptor 3 (a second output pipe, e.g. ffmpeg's `pipe:3`). */
  onPipe3?: (chunk: Buffer) => void;
  /** Niceness added to the child (default 10). */
  niceness?: number;
  signal?: AbortSignal;
  /** Called once with the spawned child (e.g. to sample its memory). */
  onSpawn?: (child: ChildProcess) => void;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  /** Last ~40 stderr lines, for error messages. */
  stderrTail: string[];
}

const TAIL_LINES = 40;

/** Spawns a tool (ffmpeg/ffprobe) with niceness and a timeout; stdout/stderr are consumed as streams. */
export function runTool(cmd: string, args: string[], opts: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: opts.onPipe3 ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'] });
    const niceness = opts.niceness ?? 10;
    if (child.pid !== undefined && niceness > 0) {
      try {
        os.setPriority(child.pid, Math.min(19, os.getPriority(child.pid) + niceness));
      } catch {
        /* not fatal: priority is a courtesy */
      }
    }
    opts.onSpawn?.(child);
    let timedOut = false;
    const tail: string[] = [];
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    const onAbort = () => child.kill('SIGKILL');
    opts.signal?.addEventListener('abort', onAbort, { once: true });

    const rl = createInterface({ input: child.stderr!, crlfDelay: Infinity });
    rl.on('line', (line) => {
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
      opts.onStderrLine?.(line);
    });
    let stdoutDone: Promise<void> = Promise.resolve();
    if (opts.onStdout) {
      const onStdout = opts.onStdout;
      const out = child.stdout!;
      let err: unknown;
      stdoutDone = new Promise<void>((res) => {
        out.on('data', (chunk: Buffer) => {
          if (err) return;
          let r: void | Promise<void>;
          try {
            r = onStdout(chunk);
          } catch (e) {
            err = e;
            child.kill('SIGKILL');
            return;
          }
          if (r && typeof (r as Promise<void>).then === 'function') {
            out.pause();
            (r as Promise<void>).then(
              () => out.resume(),
              (e) => {
                err = e;
                child.kill('SIGKILL');
                out.resume();
              },
            );
          }
        });
        out.on('end', () => res());
        out.on('error', () => res());
      }).then(() => {
        if (err) throw err;
      });
    } else {
      child.stdout!.resume();
    }
    let pipe3Done: Promise<void> = Promise.resolve();
    if (opts.onPipe3) {
      const onPipe3 = opts.onPipe3;
      const p3 = child.stdio[3] as NodeJS.ReadableStream;
      pipe3Done = new Promise<void>((res) => {
        p3.on('data', (chunk: Buffer) => onPipe3(chunk));
        p3.on('end', () => res());
        p3.on('error', () => res());
      });
    }
    const rlClosed = new Promise<void>((res) => rl.on('close', () => res()));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new AnalysisFailedError(`Could not start ${cmd}: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      Promise.all([rlClosed, stdoutDone, pipe3Done]).then(
        () => resolve({ code, signal, timedOut, stderrTail: tail }),
        reject,
      );
    });
  });
}

/** Runs a tool and returns its whole stdout (for small outputs such as ffprobe JSON). */
export async function runToolCapture(
  cmd: string,
  args: string[],
  timeoutMs: number,
  maxBytes = 8 * 1024 * 1024,
): Promise<RunResult & { stdout: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  const r = await runTool(cmd, args, {
    timeoutMs,
    niceness: 0,
    onStdout: (c) => {
      size += c.length;
      if (size <= maxBytes) chunks.push(c);
    },
  });
  return { ...r, stdout: Buffer.concat(chunks).toString('utf8') };
}
