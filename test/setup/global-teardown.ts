import { rmSync } from 'node:fs';
import { Redis } from 'ioredis';
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

  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${ids.queuePrefix}:*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();

  if (process.env.STORAGE_DIR) rmSync(process.env.STORAGE_DIR, { recursive: true, force: true });
}
