import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { testRunIds } from './test-env';

/** Drops the run's database, its Redis keys and its storage folder. */
export default async function globalTeardown(): Promise<void> {
  const children = (globalThis as { preflightTestChildren?: { stop(): unknown }[] }).preflightTestChildren ?? [];
  for (const child of children) await child.stop();
  const ids = testRunIds();
  const admin = new Client({ connectionString: ids.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${ids.database}" WITH (FORCE)`);
  await admin.end();

  const services = (await import(join(__dirname, '..', '..', 'scripts', 'lib', 'services.mjs'))) as {
    deleteRedisPrefix(url: string, prefix: string): Promise<void>;
  };
  await services.deleteRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', ids.queuePrefix);

  if (process.env.STORAGE_DIR) rmSync(process.env.STORAGE_DIR, { recursive: true, force: true });
}
