// Starts the built API and worker as separate processes against a given database, Redis prefix and auth emulator:
// the browser tests and the end-to-end server tests run the product exactly as `npm start` does.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, withNodePath } from './bootstrap.mjs';
import { waitFor } from './services.mjs';

export function stackEnv(overrides) {
  return withNodePath({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...overrides });
}

function startProcess(entry, env, name) {
  const child = spawn(process.execPath, [join(ROOT, 'dist', entry)], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (code && !child.stoppedOnPurpose) console.error(`[stack] ${name} exited with ${code ?? signal}`);
  });
  return child;
}

function stopProcess(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  child.stoppedOnPurpose = true;
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** Runs migrations, then API + worker; resolves when /api/health answers. */
export async function startStack(env) {
  const migrate = spawn(process.execPath, [join(ROOT, 'dist', 'bin', 'migrate.js')], { cwd: ROOT, env, stdio: 'ignore' });
  const migrated = await new Promise((resolve) => migrate.on('exit', (code) => resolve(code === 0)));
  if (!migrated) throw new Error('migrations failed');
  let api = startProcess('main.js', env, 'api');
  let worker = startProcess('worker.js', env, 'worker');
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  await waitFor(async () => (await fetch(`${baseUrl}/api/health`).catch(() => null))?.ok === true, 'the API', 60_000);
  return {
    baseUrl,
    /** Kills the worker at once (as a crash would), then starts a fresh one. */
    async restartWorker({ kill = 'SIGKILL' } = {}) {
      worker.stoppedOnPurpose = true;
      worker.kill(kill);
      await new Promise((resolve) => (worker.exitCode !== null ? resolve() : worker.once('exit', resolve)));
      worker = startProcess('worker.js', env, 'worker');
    },
    async stop() {
      await Promise.all([stopProcess(api), stopProcess(worker)]);
    },
  };
}
