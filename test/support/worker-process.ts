import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { waitUntil } from './wait';

const root = join(__dirname, '..', '..');

/** One JSON log line of a worker (pino: msg, pid, level, and the fields the line was logged with). */
export interface WorkerLogLine {
  msg: string;
  pid: number;
  level: number;
  /** Milliseconds since the epoch. */
  time: number;
  reportId?: string;
  [field: string]: unknown;
}

export interface WorkerProcess {
  pid: number;
  /** Every JSON line the worker has written so far. */
  lines: WorkerLogLine[];
  /** SIGKILL to the worker's pid (a crash: no goodbye), then to its process group (its ffmpeg). */
  kill(): Promise<void>;
  /** SIGTERM (the worker hands its jobs back and closes), SIGKILL after the grace time. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The built worker (`dist/worker.js`) as its own process on this run's database and queue prefix, with the product's
 * defaults otherwise (storage folder, concurrency), logging JSON at info so that a test can read what it did.
 * No supervisor: a killed worker stays dead, so whatever finishes its job afterwards is another worker.
 */
export async function startWorkerProcess(overrides: Record<string, string> = {}): Promise<WorkerProcess> {
  const child: ChildProcess = spawn(process.execPath, [join(root, 'dist', 'worker.js')], {
    cwd: root,
    detached: true, // its own process group, as under the supervisor
    stdio: ['ignore', 'pipe', 'inherit'],
    // No metrics port: several workers on one machine (and other runs' workers) would compete for the default one.
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', LOG_FORMAT: 'json', WORKER_METRICS_PORT: '0', ...overrides },
  });
  const pid = child.pid!;
  const lines: WorkerLogLine[] = [];
  createInterface({ input: child.stdout! }).on('line', (text) => {
    try {
      lines.push(JSON.parse(text) as WorkerLogLine);
    } catch {
      // not a log record (a library writing to stdout): not ours to count
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is gone already
    }
  };
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  await waitUntil(async () => lines.some((l) => l.msg.startsWith('Preflight worker started')) || ended(), `worker ${pid} to start`, 120_000, 100);
  if (ended()) throw new Error(`worker ${pid} exited during start-up`);
  return {
    pid,
    lines,
    async kill() {
      process.kill(pid, 'SIGKILL');
      await exited;
      signalGroup('SIGKILL');
    },
    async stop(graceMs = 15_000) {
      if (ended()) return;
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
      signalGroup('SIGKILL');
    },
  };
}
