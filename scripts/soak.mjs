// `npm run soak -- --minutes N`: the built product (npm run build first) under steady mixed traffic for N minutes, with
// a worker killed and Redis restarted once midway. Not part of `npm test` (issue 29, Soak).
//
// Traffic, each at a steady rate whatever the answers take: uploads, each from a new creator (the free analysis);
// report and status reads; dashboard and public lists; share-page views (the server-rendered page and the share
// lookup); PDFs (render and download); re-derivations with another feedback style. Midway the worker is killed with
// SIGKILL (the supervisor restarts it) and, a little later, Redis is killed and restarted empty (its own redis-server
// on a free port; the machine's Redis is never touched). PostgreSQL is the machine's, with a database of the run's own.
//
// Prints: requests, errors by status code (5xx inside and outside the Redis outage window), p50/p99 latency per kind,
// jobs lost (accepted uploads not completed at the end) or run twice (completed more than once, from the worker's log),
// and API/worker RSS at start and end. Exits 1 when a target is missed: 0 × 5xx outside the outage, 0 jobs lost or
// run twice, RSS growth ≤ 64 MB.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureNode24, ROOT } from './lib/bootstrap.mjs';
import { canConnect, freePort, startAuthEmulator, stopAll, stopProcess, waitFor } from './lib/services.mjs';
import { stackEnv } from './lib/stack.mjs';
import { supervise } from './lib/supervisor.mjs';

ensureNode24();
const argValue = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const minutes = Number(argValue('--minutes', '10'));
if (!(minutes > 0)) throw new Error('--minutes must be a positive number');
const durationMs = minutes * 60_000;
const UPLOAD_EVERY_MS = Number(argValue('--upload-every', '15')) * 1000;
const RSS_GROWTH_LIMIT_MB = 64;
/** After Redis is back, the API and the worker get this long to reconnect before a 5xx counts again. */
const OUTAGE_TAIL_MS = 15_000;
if (!existsSync(join(ROOT, 'dist', 'main.js')) || !existsSync(join(ROOT, 'client', 'dist'))) throw new Error('build first: npm run build');

const log = (message) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const rssMb = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return NaN;
  }
};

const work = mkdtempSync(join(tmpdir(), 'preflight-soak-'));
const children = [];
const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `preflight_soak_${Date.now().toString(36)}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${database}"`);
let exitCode;
let apiLog;
let workerLog;
try {

// Its own Redis, so that it can be restarted.
const redisPort = await freePort();
let redis = null;
const startRedis = async () => {
  redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore', detached: true });
  await waitFor(() => canConnect('127.0.0.1', redisPort), 'redis-server');
};
await startRedis();
children.push({ name: 'redis', stop: () => stopProcess(redis) });

const video = join(work, 'clip.mp4');
const made = spawnSync('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-t', '8', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video]);
if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr}`);
const videoBytes = readFileSync(video);

const emulatorHost = await startAuthEmulator({ projectId: 'demo-preflight-soak', port: await freePort(), children, workDir: join(work, 'firebase') });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env = stackEnv({
  PORT: String(port),
  DATABASE_URL: databaseUrl,
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  QUEUE_PREFIX: `preflight-soak-${Date.now()}`,
  STORAGE_DIR: join(work, 'storage'),
  FIREBASE_PROJECT_ID: 'demo-preflight-soak',
  FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
  WORKER_METRICS_PORT: '0',
  LOG_FORMAT: 'json',
  LOG_LEVEL: 'warn',
});
if (spawnSync(process.execPath, [join(ROOT, 'dist', 'bin', 'migrate.js')], { env, stdio: 'ignore' }).status !== 0) throw new Error('migrations failed');
// Each process logs to a file: the worker at info, whose "analysis of … completed" lines count the runs per report.
const logFile = (name) => openSync(join(work, `${name}.log`), 'a');
apiLog = logFile('api');
workerLog = logFile('worker');
const quiet = (message) => log(message);
const api = supervise({ name: 'api', entry: 'main.js', env, stdio: ['ignore', apiLog, apiLog], log: quiet });
const worker = supervise({ name: 'worker', entry: 'worker.js', env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', workerLog, workerLog], log: quiet });
children.push({ name: 'worker', stop: () => worker.stop(15_000) }, { name: 'api', stop: () => api.stop(15_000) });

  await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true, 'the API', 120_000);
  log(`stack up on ${base} (Redis :${redisPort}, database ${database}); ${minutes} min of traffic`);

  // --- measurements -------------------------------------------------------------------------------------------
  const started = Date.now();
  const outages = []; // [from, to] in ms since the epoch: the Redis restart window (plus a reconnect tail)
  // A request counts as inside when it was in flight at any moment of the window (one sent 3 s before Redis died and
  // waiting for its PDF job, which Redis lost, is an outage's answer).
  const inOutage = (at, end = Date.now()) => outages.some(([from, to]) => end >= from && at <= (to ?? Infinity) + OUTAGE_TAIL_MS);
  const stats = { requests: 0, byCode: new Map(), fiveXxOutside: [], fiveXxInside: 0, network: 0, latency: new Map() };
  /** A client's patience: a PDF renders in Chromium on the worker (the API waits up to 90 s for it). */
  const timeoutFor = (kind) => (kind.startsWith('pdf') ? 120_000 : 30_000);
  async function call(kind, url, init = {}) {
    const t0 = Date.now();
    let res;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutFor(kind)) });
      await res.arrayBuffer().catch(() => undefined);
    } catch (error) {
      stats.requests += 1;
      stats.network += 1;
      stats.byCode.set('network', (stats.byCode.get('network') ?? 0) + 1);
      if (!inOutage(t0)) stats.fiveXxOutside.push(`${kind}: ${error.name}`);
      return null;
    }
    const ms = Date.now() - t0;
    stats.requests += 1;
    stats.byCode.set(res.status, (stats.byCode.get(res.status) ?? 0) + 1);
    if (!stats.latency.has(kind)) stats.latency.set(kind, []);
    stats.latency.get(kind).push(ms);
    if (res.status >= 500) {
      if (inOutage(t0)) stats.fiveXxInside += 1;
      else stats.fiveXxOutside.push(`${kind} ${res.status} at +${((t0 - started) / 1000).toFixed(0)} s`);
    }
    return res;
  }
  async function json(kind, url, init) {
    const t0 = Date.now();
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
      const body = await res.json().catch(() => null);
      stats.requests += 1;
      stats.byCode.set(res.status, (stats.byCode.get(res.status) ?? 0) + 1);
      if (!stats.latency.has(kind)) stats.latency.set(kind, []);
      stats.latency.get(kind).push(Date.now() - t0);
      if (res.status >= 500) {
        if (inOutage(t0)) stats.fiveXxInside += 1;
        else stats.fiveXxOutside.push(`${kind} ${res.status} at +${((t0 - started) / 1000).toFixed(0)} s`);
      }
      return { status: res.status, body };
    } catch (error) {
      stats.requests += 1;
      stats.network += 1;
      stats.byCode.set('network', (stats.byCode.get('network') ?? 0) + 1);
      if (!inOutage(t0)) stats.fiveXxOutside.push(`${kind}: ${error.name}`);
      return { status: 0, body: null };
    }
  }

  // --- creators and their reports -------------------------------------------------------------------------------
  let creatorCount = 0;
  async function newCreator() {
    creatorCount += 1;
    const signUp = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `soak-${creatorCount}-${Date.now()}@example.com`, password: 'soak-password', returnSecureToken: true }),
    }).then((r) => r.json());
    return { Authorization: `Bearer ${signUp.idToken}` };
  }
  /** Every accepted upload: { reportId, auth, state: 'processing'|'completed'|'error', shareToken } */
  const reports = [];
  const completed = () => reports.filter((r) => r.state === 'completed');
  const shared = () => reports.filter((r) => r.shareToken);

  async function uploadOne() {
    const auth = await newCreator();
    const form = new FormData();
    form.append('file', new Blob([videoBytes], { type: 'video/mp4' }), `soak-${creatorCount}.mp4`);
    const { status, body } = await json('upload', `${base}/api/upload/`, { method: 'POST', headers: auth, body: form });
    if (status === 200 && body?.reportId) reports.push({ reportId: body.reportId, auth, state: 'processing', shareToken: null, queued: body.queued });
  }
  async function pollProcessing() {
    for (const report of reports.filter((r) => r.state === 'processing')) {
      const { status, body } = await json('status', `${base}/api/status/${report.reportId}`, { headers: report.auth });
      if (status !== 200) continue;
      if (body.status === 'completed' || body.status === 'error') report.state = body.status;
      if (body.status === 'completed' && !report.shareToken) {
        const share = await json('share-create', `${base}/api/prevention/reports/${report.reportId}/share`, {
          method: 'POST',
          headers: { ...report.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ share_settings: { expiration_days: 1 } }),
        });
        report.shareToken = share.body?.token ?? share.body?.shareToken ?? null;
      }
    }
  }

  // --- steady traffic -------------------------------------------------------------------------------------------
  const tickers = [];
  const every = (ms, task) => {
    const run = () => void task().catch((error) => log(`task error: ${error.message}`));
    tickers.push(setInterval(run, ms));
    run();
  };
  every(UPLOAD_EVERY_MS, uploadOne);
  every(2_000, pollProcessing);
  every(1_000, async () => {
    const r = pick(completed());
    if (!r) return;
    await call('report-read', `${base}/api/reports/${r.reportId}`, { headers: r.auth });
    await call('report-json', `${base}/reports/${r.reportId}_data/report.json`, { headers: r.auth });
  });
  every(2_000, async () => {
    const r = pick(reports);
    if (r) await call('dashboard', `${base}/api/dashboard/reports`, { headers: r.auth });
    await call('public-list', `${base}/public/dashboard/reports`);
  });
  every(2_000, async () => {
    const r = pick(shared());
    if (!r) return;
    await call('share-page', `${base}/app/client/${r.shareToken}`);
    await call('share-lookup', `${base}/public/prevention/share/${r.shareToken}`);
  });
  every(10_000, async () => {
    const r = pick(completed());
    if (!r) return;
    const made = await call('pdf-render', `${base}/public/prevention/pdf/${r.reportId}`, { method: 'POST', headers: r.auth });
    if (made?.ok) await call('pdf-download', `${base}/public/prevention/pdf/${r.reportId}`, { headers: r.auth });
  });
  every(5_000, async () => {
    const r = pick(completed());
    if (!r) return;
    await call('rederive', `${base}/api/prevention/analyze/${r.reportId}`, {
      method: 'POST',
      headers: { ...r.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ feedbackStyle: pick(['gentle', 'balanced', 'brutal']) }),
    });
  });

  // --- RSS at start (after a minute of traffic, or a quarter of the run), the faults midway ---------------------
  const rss = { apiStart: NaN, apiEnd: NaN, workerStart: NaN, workerEnd: NaN, workerAfterRestartStart: NaN };
  const warmUp = Math.min(60_000, durationMs / 4);
  await sleep(warmUp);
  rss.apiStart = rssMb(api.pid());
  rss.workerStart = rssMb(worker.pid());
  log(`RSS at start: API ${rss.apiStart.toFixed(0)} MB, worker ${rss.workerStart.toFixed(0)} MB; ${stats.requests} requests so far`);

  await sleep(Math.max(0, started + durationMs / 2 - Date.now()));
  // The worker is killed while it analyses, if it is (an upload lands every few seconds).
  await waitFor(async () => reports.some((r) => r.state === 'processing'), 'an analysis to run', 60_000).catch(() => undefined);
  const killedPid = worker.pid();
  const next = worker.nextStart();
  process.kill(killedPid, 'SIGKILL');
  log(`worker ${killedPid} killed (SIGKILL); ${reports.filter((r) => r.state === 'processing').length} report(s) processing`);
  const newPid = await next;
  await sleep(20_000);
  redis.kill('SIGKILL');
  const outage = [Date.now(), null];
  outages.push(outage);
  log('Redis killed');
  await new Promise((resolve) => (redis.exitCode !== null || redis.signalCode !== null ? resolve() : redis.once('exit', resolve)));
  await sleep(10_000);
  await startRedis();
  outage[1] = Date.now();
  log(`Redis back (empty) after ${((outage[1] - outage[0]) / 1000).toFixed(1)} s`);
  await sleep(Math.min(60_000, Math.max(0, started + durationMs - Date.now())));
  rss.workerAfterRestartStart = rssMb(newPid);

  await sleep(Math.max(0, started + durationMs - Date.now()));
  for (const ticker of tickers) clearInterval(ticker);
  log(`traffic stopped after ${((Date.now() - started) / 60_000).toFixed(1)} min; waiting for the analyses still running`);
  await waitFor(async () => {
    await pollProcessing();
    return reports.every((r) => r.state !== 'processing');
  }, 'the last analyses', 300_000).catch(() => undefined);
  rss.apiEnd = rssMb(api.pid());
  rss.workerEnd = rssMb(worker.pid());

  // --- jobs lost or run twice ------------------------------------------------------------------------------------
  const completions = new Map();
  for (const line of readFileSync(join(work, 'worker.log'), 'utf8').split('\n')) {
    const match = /"msg":"analysis of ([0-9a-f-]{36}) completed"/.exec(line);
    if (match) completions.set(match[1], (completions.get(match[1]) ?? 0) + 1);
  }
  const lost = reports.filter((r) => r.state !== 'completed');
  const twice = [...completions].filter(([, n]) => n > 1);

  // --- report ---------------------------------------------------------------------------------------------------
  const percentile = (values, p) => {
    if (!values.length) return NaN;
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  };
  const all = [...stats.latency.values()].flat();
  console.log('\n=== soak summary ===');
  console.log(`duration: ${minutes} min · requests: ${stats.requests} · uploads accepted: ${reports.length} (${reports.filter((r) => r.queued === false).length} queued later via the outbox)`);
  console.log(`by status code: ${[...stats.byCode].sort().map(([code, n]) => `${code}×${n}`).join(', ')}`);
  console.log(`5xx/network errors outside the Redis outage: ${stats.fiveXxOutside.length}${stats.fiveXxOutside.length ? ` (${stats.fiveXxOutside.slice(0, 10).join('; ')})` : ''}; inside it: ${stats.fiveXxInside}`);
  console.log(`latency all: p50 ${percentile(all, 50)} ms, p99 ${percentile(all, 99)} ms`);
  for (const [kind, values] of [...stats.latency].sort()) console.log(`  ${kind.padEnd(14)} n=${String(values.length).padStart(5)}  p50 ${String(percentile(values, 50)).padStart(5)} ms  p99 ${String(percentile(values, 99)).padStart(6)} ms`);
  console.log(`jobs: ${reports.length} accepted, ${completed().length} completed, ${reports.filter((r) => r.state === 'error').length} error, lost ${lost.length}, run twice ${twice.length}`);
  const apiGrowth = rss.apiEnd - rss.apiStart;
  const workerGrowth = rss.workerEnd - rss.workerAfterRestartStart;
  console.log(`RSS API: ${rss.apiStart.toFixed(0)} → ${rss.apiEnd.toFixed(0)} MB (${apiGrowth >= 0 ? '+' : ''}${apiGrowth.toFixed(0)} MB)`);
  console.log(`RSS worker: ${rss.workerStart.toFixed(0)} MB at start (killed midway); restarted worker ${rss.workerAfterRestartStart.toFixed(0)} → ${rss.workerEnd.toFixed(0)} MB (${workerGrowth >= 0 ? '+' : ''}${workerGrowth.toFixed(0)} MB)`);
  const missed = [
    stats.fiveXxOutside.length > 0 && '5xx outside the outage',
    lost.length > 0 && 'jobs lost',
    twice.length > 0 && 'jobs run twice',
    apiGrowth > RSS_GROWTH_LIMIT_MB && 'API RSS growth',
    workerGrowth > RSS_GROWTH_LIMIT_MB && 'worker RSS growth',
  ].filter(Boolean);
  console.log(missed.length ? `targets missed: ${missed.join(', ')}` : 'targets met: 0 × 5xx outside the outage, 0 jobs lost or run twice, RSS growth ≤ 64 MB');
  exitCode = missed.length ? 1 : 0;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stopAll(children);
  if (apiLog !== undefined) closeSync(apiLog);
  if (workerLog !== undefined) closeSync(workerLog);
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
  await admin.end();
  if (!process.env.SOAK_KEEP) rmSync(work, { recursive: true, force: true });
  else log(`logs kept in ${work}`);
}
process.exit(exitCode);
