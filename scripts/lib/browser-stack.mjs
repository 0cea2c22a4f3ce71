// The built product (API + worker + auth emulator + Stripe and Google stand-ins) on a fresh database and Redis prefix, as the
// browser tier and bench:web drive it; everything is removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { ROOT } from './bootstrap.mjs';
import { deleteRedisPrefix, freePort, removeReportFolders, startAuthEmulator, stopAll } from './services.mjs';
import { startStack, stackEnv } from './stack.mjs';
import { startStripeStandInFor } from './stripe-standin.mjs';

/**
 * Starts the stack, runs `use({ baseUrl, env, emulatorHost })` and returns its result after stopping everything.
 * `name` tells the database and queue prefix apart (preflight_{name}_…).
 */
export async function withBrowserStack(name, use) {
  const { envSchema } = await import(join(ROOT, 'dist', 'config', 'env.schema.js')); // the product's defaults, built
  const runId = `${Date.now().toString(36)}${process.pid}`;
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = `preflight_${name}_${runId}`;
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
  const queuePrefix = `preflight-${name}-${runId}`;
  const workDir = mkdtempSync(join(tmpdir(), `preflight-${name}-`));
  const children = [];

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`);
  try {
    const projectId = 'demo-preflight';
    const emulatorHost = await startAuthEmulator({ projectId, port: await freePort(), children, workDir: join(workDir, 'firebase') });
    const port = await freePort();
    const stripe = await startStripeStandInFor({ apiPort: port, children });
    // Google's OAuth and YouTube Analytics, so "Connect YouTube" runs end to end (Node 24 strips the file's types).
    const { startGoogleStandIn, STANDIN_CLIENT } = await import(join(ROOT, 'test', 'support', 'google-standin.ts'));
    const google = await startGoogleStandIn();
    children.push({ name: 'google stand-in', stop: () => google.close() });
    const env = stackEnv({
      ...stripe.env,
      GOOGLE_OAUTH_CLIENT_ID: STANDIN_CLIENT.id,
      GOOGLE_OAUTH_CLIENT_SECRET: STANDIN_CLIENT.secret,
      GOOGLE_API_BASE: google.baseUrl,
      PORT: String(port),
      // The origin the browser opens (stack.baseUrl): Google's and Stripe's return URLs are built on it, and another
      // host (localhost) would be another origin, without the signed-in session.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      QUEUE_PREFIX: queuePrefix,
      FIREBASE_PROJECT_ID: projectId,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    });
    // The product's default storage folder (.data/storage, a dot path), as on a real start: a test-only folder once
    // hid frames that 404ed. Runs share it (report ids are UUIDs); this run's report folders are removed at the end.
    delete env.STORAGE_DIR;
    const stack = await startStack(env);
    children.push({ name: 'stack', stop: () => stack.stop() });
    return await use({ baseUrl: stack.baseUrl, env, emulatorHost });
  } finally {
    await stopAll(children);
    await removeReportFolders(databaseUrl, resolve(ROOT, envSchema.parse({}).STORAGE_DIR));
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
    await deleteRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', queuePrefix);
    rmSync(workDir, { recursive: true, force: true });
  }
}
