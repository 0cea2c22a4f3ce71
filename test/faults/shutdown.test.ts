import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { alive, descendants } from '../support/process-table';
import { waitUntil } from '../support/wait';

jest.setTimeout(300_000);

const root = join(__dirname, '..', '..');

describe('npm start, stopped by a signal', () => {
  let npm: ChildProcess;
  afterEach(() => {
    if (npm?.pid && alive(npm.pid)) process.kill(-npm.pid, 'SIGKILL');
  });

  it('stops the API, the worker and everything else it started, within a bounded time', async () => {
    const services = (await import(join(root, 'scripts', 'lib', 'services.mjs'))) as { freePort(): Promise<number> };
    const port = await services.freePort();
    npm = spawn('npm', ['start'], {
      cwd: root,
      detached: true, // its own group, so that the test can clean up whatever a failure leaves
      stdio: 'ignore',
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true, 'npm start to serve', 240_000, 250);
    const tree = descendants(npm.pid!);
    expect(tree.length).toBeGreaterThanOrEqual(3); // start script, API, worker (and the Stripe stand-in)

    const t0 = Date.now();
    process.kill(npm.pid!, 'SIGTERM'); // the npm process only, as a process manager would
    // npm itself ends by the signal it got (its own convention); what it started must not outlive it.
    expect([0, null]).toContain(await exited);
    await waitUntil(async () => tree.every((pid) => !alive(pid)) || null, 'every process of the stack to end', 30_000, 100);
    expect(Date.now() - t0).toBeLessThan(30_000);
  });

  it('exits 0 and leaves nothing running when the signal reaches the start script itself', async () => {
    const services = (await import(join(root, 'scripts', 'lib', 'services.mjs'))) as { freePort(): Promise<number> };
    const port = await services.freePort();
    npm = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true, 'the start script to serve', 240_000, 250);
    const tree = descendants(npm.pid!);
    const t0 = Date.now();
    process.kill(npm.pid!, 'SIGTERM');
    expect(await exited).toBe(0);
    await waitUntil(async () => tree.every((pid) => !alive(pid)) || null, 'every process of the stack to end', 30_000, 100);
    expect(Date.now() - t0).toBeLessThan(30_000);
  });

  it('stops everything on Ctrl-C: SIGINT to the terminal’s whole foreground group (npm and the start script)', async () => {
    const services = (await import(join(root, 'scripts', 'lib', 'services.mjs'))) as { freePort(): Promise<number> };
    const port = await services.freePort();
    npm = spawn('npm', ['start'], {
      cwd: root,
      detached: true, // a group of its own, as a terminal gives the command it runs
      stdio: 'ignore',
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    });
    const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true, 'npm start to serve', 240_000, 250);
    const tree = descendants(npm.pid!);
    const t0 = Date.now();
    process.kill(-npm.pid!, 'SIGINT'); // what Ctrl-C does: the signal reaches every process of the foreground group
    await exited;
    await waitUntil(async () => tree.every((pid) => !alive(pid)) || null, 'every process of the stack to end', 30_000, 100);
    expect(Date.now() - t0).toBeLessThan(30_000);
  });
});
