// Browser tier: the built product (API + worker + auth emulator) on a fresh database, driven by Playwright in
// Debian's Chromium. Arguments are passed to `playwright test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { ensureNode24, ROOT } from './lib/bootstrap.mjs';
import { deleteRedisPrefix, freePort, removeReportFolders, startAuthEmulator, stopAll } from './lib/services.mjs';
import { startStack, stackEnv } from './lib/stack.mjs';
import { startStripeStandInFor } from './lib/stripe-standin.mjs';

ensureNode24();
const { envSchema } = await import(join(ROOT, 'dist', 'config', 'env.schema.js')); // the product's defaults, built
const runId = `${Date.now().toString(36)}${process.pid}`;
const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `preflight_browser_${runId}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const queuePrefix = `preflight-browser-${runId}`;
const workDir = mkdtempSync(join(tmpdir(), 'preflight-browser-'));
const children = [];
let status = 1;

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${database}"`);
try {
  const projectId = 'demo-preflight';
  const emulatorHost = await startAuthEmulator({ projectId, port: await freePort(), children, workDir: join(workDir, 'firebase') });
  const port = await freePort();
  const stripe = await startStripeStandInFor({ apiPort: port, children });
  const env = stackEnv({
    ...stripe.env,
    PORT: String(port),
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
  // Not spawnSync: the Stripe stand-in answers from this process while Playwright runs.
  const playwright = spawn(
    join(ROOT, 'node_modules', '.bin', 'playwright'),
    ['test', '-c', join(ROOT, 'test', 'browser', 'playwright.config.ts'), ...process.argv.slice(2)],
    { cwd: ROOT, stdio: 'inherit', env: { ...env, PREFLIGHT_BASE_URL: stack.baseUrl, FIREBASE_AUTH_EMULATOR_HOST: emulatorHost } },
  );
  status = await new Promise((resolve) => playwright.on('exit', (code) => resolve(code ?? 1)));
} finally {
  await stopAll(children);
  await removeReportFolders(databaseUrl, resolve(ROOT, envSchema.parse({}).STORAGE_DIR));
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
  await deleteRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', queuePrefix);
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(status);
