import { join, resolve } from 'node:path';
import { Client } from 'pg';
import { envSchema } from '../../src/config/env.schema';
import { testRunIds } from './test-env';

/** Removes the run's report folders from the default storage folder, then drops its database and Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const children = (globalThis as { preflightTestChildren?: { stop(): unknown }[] }).preflightTestChildren ?? [];
  for (const child of children) await child.stop();
  const ids = testRunIds();
  const services = (await import(join(__dirname, '..', '..', 'scripts', 'lib', 'services.mjs'))) as {
    deleteRedisPrefix(url: string, prefix: string): Promise<void>;
    removeReportFolders(databaseUrl: string, storageDir: string): Promise<void>;
  };
  await services.removeReportFolders(ids.databaseUrl, resolve(envSchema.parse(process.env).STORAGE_DIR));
  const admin = new Client({ connectionString: ids.adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${ids.database}" WITH (FORCE)`);
  await admin.end();
  await services.deleteRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', ids.queuePrefix);
}
