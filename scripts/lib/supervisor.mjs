// Runs one product process (API or worker) and keeps it running: a child that dies is started again with backoff,
// and stop() ends it — with everything it started, such as ffmpeg — within a bounded time.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { log as defaultLog, ROOT } from './bootstrap.mjs';

const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/** A child that stayed up this long is healthy again: its next crash restarts it quickly. */
const HEALTHY_AFTER_MS = 30_000;
/** SIGTERM first (the worker hands its job back, the API finishes its answers), SIGKILL after this. */
const STOP_GRACE_MS = 15_000;

/** Sends a signal to the child's whole process group (it runs in its own), falling back to the child alone. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Starts `node dist/<entry>` under supervision. Returns { name, pid(), restarts(), waitForStart(), stop() }.
 * `stdio` defaults to inheriting the supervisor's output so the person at the terminal sees the logs.
 */
export function supervise({ name, entry, env, stdio = ['ignore', 'inherit', 'inherit'], log = defaultLog }) {
  let child = null;
  let stopping = false;
  let restarts = 0;
  let backoff = FIRST_BACKOFF_MS;
  let restartTimer = null;
  let startedListeners = [];

  const start = () => {
    const startedAt = Date.now();
    // Its own process group: a signal meant for it reaches its ffmpeg too, and nothing is left orphaned.
    child = spawn(process.execPath, [join(ROOT, 'dist', entry)], { cwd: ROOT, env, stdio, detached: true });
    const current = child;
    for (const listener of startedListeners) listener(current.pid);
    startedListeners = [];
    current.on('exit', (code, signal) => {
      if (stopping) return;
      if (Date.now() - startedAt >= HEALTHY_AFTER_MS) backoff = FIRST_BACKOFF_MS;
      log(`${name} exited (${signal ?? `code ${code}`}); restarting in ${(backoff / 1000).toFixed(1)} s`);
      signalGroup(current, 'SIGKILL'); // whatever it left running in its group
      restartTimer = setTimeout(() => {
        restarts += 1;
        start();
      }, backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    });
  };
  start();

  return {
    name,
    pid: () => child?.pid,
    restarts: () => restarts,
    /** Resolves with the pid of the next child to start (after a crash). */
    nextStart: () => new Promise((resolve) => startedListeners.push(resolve)),
    async stop(graceMs = STOP_GRACE_MS) {
      stopping = true;
      clearTimeout(restartTimer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      signalGroup(current, 'SIGTERM');
      const timer = setTimeout(() => {
        log(`${name} did not stop within ${graceMs / 1000} s: killing it`);
        signalGroup(current, 'SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(timer);
      signalGroup(current, 'SIGKILL'); // its group, if anything in it outlived it
    },
  };
}
