// `npm start`: the whole product on this machine with working defaults.
// Installs what is missing, reaches (or starts) PostgreSQL, Redis and the auth emulator, migrates, builds, and runs
// the API and the worker until Ctrl-C.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  ensureDebianPackages,
  ensureDebianPackagesWhile,
  ensureNode24,
  ensureNodeModules,
  installAuthEmulatorInBackground,
  log,
  ROOT,
  run,
  runInBackground,
  withNodePath,
} from './lib/bootstrap.mjs';

// ffmpeg for the analysis (and PDF frames); Chromium prints the PDF reports (the worker starts it, never downloads one).
// Installed while npm installs: neither needs the other.
await ensureDebianPackagesWhile(
  {
    ffmpeg: 'ffmpeg',
    ffprobe: 'ffmpeg',
    '/usr/bin/chromium': 'chromium',
    '/usr/share/fonts/truetype/liberation': 'fonts-liberation', // the PDF's page-number footer
  },
  ensureNodeModules,
);
ensureNode24();

const { canConnect, ensurePostgres, ensureRedis, startAuthEmulator, stopAll, waitFor } = await import('./lib/services.mjs');
const children = [];
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  const started = Date.now();
  await stopAll(children, { onStopped: (name) => log(`stopped ${name}`) });
  log(`stopped in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code);
}
// Whatever the signal reaches (npm, this script, the terminal's group), everything stops and we exit 0.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(0));
// npm exits on SIGTERM without passing it on: when our parent goes away, we stop too instead of running orphaned.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown(0);
}, 500).unref();

// The Auth emulator's firebase-tools installs while the builds run (awaited where the emulator starts).
const authEmulatorInstalled = installAuthEmulatorInBackground();
authEmulatorInstalled.catch(() => undefined); // reported where it is awaited

try {
  const { isUpToDate, markBuilt } = await import('./lib/freshness.mjs');
  const lockfile = 'package-lock.json';
  const serverFresh = isUpToDate('dist/.built', ['src', 'packages/shared/src', 'packages/shared/package.json', 'tsconfig.json', 'tsconfig.build.json', lockfile]);
  const webFresh = isUpToDate('client/dist/.built', ['client', 'sdk/src', lockfile]);
  const buildEnv = withNodePath(process.env);
  // The shared package first (both builds read it), then the server and the web app at once (each mostly one core).
  if (!serverFresh) run('npm', ['run', '--silent', 'build:shared'], { env: buildEnv });
  let webBuilt = Promise.resolve();
  if (webFresh) log('web app build is up to date');
  else {
    log('building the web app…');
    webBuilt = runInBackground('npm', ['run', '--silent', 'build', '-w', 'client'], { env: buildEnv }).then(() => markBuilt('client/dist/.built'));
    webBuilt.catch(() => undefined); // reported where it is awaited
  }
  if (serverFresh) log('server build is up to date');
  else {
    log('building the server…');
    run(join(ROOT, 'node_modules', '.bin', 'nest'), ['build'], { env: buildEnv }); // build:server's second half
    markBuilt('dist/.built');
  }
  const { loadConfig } = createRequire(import.meta.url)(join(ROOT, 'dist', 'config', 'app-config.js'));
  const config = loadConfig(process.env);
  // Otherwise an earlier Preflight still on the port would answer the health check below for the new one, which
  // could not bind and would be restarted forever.
  if (await canConnect('127.0.0.1', config.port)) {
    throw new Error(`port ${config.port} is already in use (is Preflight already running?): stop it, or start on another port with PORT=`);
  }
  const env = withNodePath({ ...process.env });

  // The emulator takes the longest to come up (firebase-tools loads for seconds): it starts first and the other steps
  // run while it does.
  const emulatorReady = startEmulatorIfNeeded(config, env);
  emulatorReady.catch(() => undefined); // its failure is reported where it is awaited, not as an unhandled rejection
  // The embedded database may need its password added to a URL that names none (issue 29).
  env.DATABASE_URL = await ensurePostgres(config.databaseUrl, children);
  try {
    await ensureRedis(config.redis.url, children);
  } catch {
    ensureDebianPackages({ 'redis-server': 'redis-server' });
    await ensureRedis(config.redis.url, children);
  }
  if (!config.stripe) {
    const { startStripeStandInFor } = await import('./lib/stripe-standin.mjs');
    const stripe = await startStripeStandInFor({ apiPort: config.port, children, port: Number(process.env.STRIPE_STANDIN_PORT ?? 0) });
    Object.assign(env, stripe.env);
    log(`no Stripe keys: billing runs in test mode against the local Stripe stand-in on ${stripe.baseUrl}`);
  }

  log('migrating the database…');
  run(process.execPath, [join(ROOT, 'dist', 'bin', 'migrate.js')], { env, quiet: true });
  await webBuilt;
  await emulatorReady;
  log('starting the API and the worker…');

  // Supervised: a crashed API or worker is restarted with backoff; the rest of the product stays up.
  const { supervise } = await import('./lib/supervisor.mjs');
  for (const [name, entry] of [['api', 'main.js'], ['worker', 'worker.js']]) {
    const supervised = supervise({ name, entry, env });
    children.push({ name, stop: () => supervised.stop() });
  }
  const base = `http://localhost:${config.port}`;
  await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true, 'the API', 60_000);
  log(`Preflight is running: ${base}/app/  (API docs: ${base}/api/docs)  — Ctrl-C stops it`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}

/** With no real Firebase project configured, the Auth emulator; resolves once it accepts connections. */
async function startEmulatorIfNeeded(config, env) {
  if (config.firebase.authEmulatorHost || !config.firebase.projectId.startsWith('demo-')) return;
  // AUTH_EMULATOR_PORT lets two stacks run side by side on one machine.
  const emulatorPort = Number(process.env.AUTH_EMULATOR_PORT ?? 9099);
  await authEmulatorInstalled;
  log(`no Firebase project configured: starting the Firebase Auth emulator on 127.0.0.1:${emulatorPort}`);
  env.FIREBASE_AUTH_EMULATOR_HOST = await startAuthEmulator({
    projectId: config.firebase.projectId,
    port: emulatorPort,
    children,
    workDir: join(ROOT, '.data', 'firebase'),
  });
}
