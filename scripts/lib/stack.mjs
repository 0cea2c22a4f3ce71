// Starts the built API and worker as separate, supervised processes against a given database, Redis prefix and auth
// emulator: the browser tests and the fault tests run the product exactly as `npm start` does.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, withNodePath } from './bootstrap.mjs';
import { waitFor } from './services.mjs';
import { supervise } from './supervisor.mjs';

export function stackEnv(overrides) {
  return withNodePath({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', ...overrides });
}

const quietLog = (message) => console.error(`[stack] ${message}`);

/** Runs migrations, then API + worker under the supervisor; resolves when /api/health answers. */
export async function startStack(env) {
  const migrate = spawn(process.execPath, [join(ROOT, 'dist', 'bin', 'migrate.js')], { cwd: ROOT, env, stdio: 'ignore' });
  const migrated = await new Promise((resolve) => migrate.on('exit', (code) => resolve(code === 0)));
  if (!migrated) throw new Error('migrations failed');
  const api = supervise({ name: 'api', entry: 'main.js', env, log: quietLog });
  const worker = supervise({ name: 'worker', entry: 'worker.js', env, log: quietLog });
  const baseUrl = `http://127.0.0.1:${env.PORT}`;
  await waitFor(async () => (await fetch(`${baseUrl}/api/health`).catch(() => null))?.ok === true, 'the API', 60_000);
  const processes = { api, worker };
  return {
    baseUrl,
    pid: (name) => processes[name].pid(),
    restarts: (name) => processes[name].restarts(),
    /** Kills 'api' or 'worker' from outside, as a crash would; resolves with the pid the supervisor starts next. */
    async kill(name, signal = 'SIGKILL') {
      const next = processes[name].nextStart();
      process.kill(processes[name].pid(), signal);
      return next;
    },
    async stop() {
      await Promise.all([api.stop(5_000), worker.stop(5_000)]);
    },
  };
}
