// npm run bench:upload [-- SIZE_MB [ROUNDS]]: streams one large generated video (default 1900 MiB ≈ 2 GB) through the API's
// multipart and tus endpoints and through a bare Node stream-to-disk server, in the same run, and prints the
// throughput of each, the API's CPU seconds per GB (steadier than wall time when others load the machine) and the API
// process's peak RSS growth from its warmed baseline; then 20 creators upload at once. Only the API runs (no worker),
// against its own database.
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, createWriteStream } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureNode24, ROOT } from './lib/bootstrap.mjs';
import { deleteRedisPrefix, freePort, startAuthEmulator, stopAll, waitFor } from './lib/services.mjs';
import { stackEnv } from './lib/stack.mjs';

ensureNode24();
// 1900 MiB ≈ 2.0 GB: the largest round size under the 1995 MB upload limit.
const sizeMb = Number(process.argv[2] ?? 1900);
const work = mkdtempSync(join(tmpdir(), 'preflight-bench-upload-'));
const children = [];

/** Uncompressed 720p video: ~41 MB per second of video, generated at disk speed; a real file ffprobe accepts. */
function makeVideo() {
  const path = join(tmpdir(), `preflight-bench-${sizeMb}mb.mkv`);
  if (existsSync(path)) return path;
  const seconds = Math.ceil((sizeMb * 1024 * 1024) / (1280 * 720 * 1.5 * 30));
  console.log(`generating a ${sizeMb} MB test video (${seconds} s of raw 720p)…`);
  const r = spawnSync('ffmpeg', ['-y', '-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30`, '-t', String(seconds), '-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', path], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('ffmpeg failed');
  return path;
}

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

/** CPU seconds the process has used (user + system): steadier than wall time on a machine others are loading. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
}

function sampleRss(pid) {
  const samples = { peak: rssMb(pid) };
  const timer = setInterval(() => {
    try {
      samples.peak = Math.max(samples.peak, rssMb(pid));
    } catch {
      /* process gone */
    }
  }, 50);
  return { samples, stop: () => clearInterval(timer) };
}

/** Streams `body` parts (strings or file paths) as one request; resolves with status, body and seconds taken. */
function send(url, { method = 'POST', headers = {}, parts }) {
  const length = parts.reduce((n, p) => n + (p.file ? statSync(p.file).size : Buffer.byteLength(p.text)), 0);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = request(url, { method, headers: { ...headers, 'Content-Length': String(length) } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body, headers: res.headers, seconds: Number(process.hrtime.bigint() - started) / 1e9 }));
    });
    req.on('error', reject);
    (async () => {
      for (const part of parts) {
        if (part.text) req.write(part.text);
        else
          await new Promise((done, fail) => {
            const stream = createReadStream(part.file, { highWaterMark: 1024 * 1024 });
            stream.on('error', fail);
            stream.on('end', done);
            stream.pipe(req, { end: false });
          });
      }
      req.end();
    })().catch(reject);
  });
}

async function bareServer() {
  const server = createServer((req, res) => {
    const out = createWriteStream(join(work, 'bare.bin'));
    req.pipe(out);
    out.on('finish', () => res.end('{}'));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${server.address().port}/` };
}

const adminUrl = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `preflight_bench_${Date.now().toString(36)}`;
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${database}` }).toString();
const queuePrefix = `preflight-bench-${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE "${database}"`);
try {
  const video = makeVideo();
  const bytes = statSync(video).size;
  const mb = bytes / 1024 / 1024;
  const emulatorHost = await startAuthEmulator({ projectId: 'demo-preflight', port: await freePort(), children, workDir: join(work, 'firebase') });
  const env = stackEnv({ PORT: String(await freePort()), DATABASE_URL: databaseUrl, QUEUE_PREFIX: queuePrefix, STORAGE_DIR: join(work, 'storage'), FIREBASE_AUTH_EMULATOR_HOST: emulatorHost, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' });
  spawnSync(process.execPath, [join(ROOT, 'dist', 'bin', 'migrate.js')], { env, stdio: 'ignore' });
  // BENCH_PROFILE_DIR=/some/dir writes a CPU profile of the API process there.
  const profile = [...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [])];
  const api = spawn(process.execPath, [...profile, join(ROOT, 'dist', 'main.js')], { env, stdio: 'inherit' });
  children.push({ name: 'api', stop: () => new Promise((done) => { api.once('exit', done); api.kill('SIGINT'); }) });
  const base = `http://127.0.0.1:${env.PORT}`;
  await waitFor(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true, 'the API');

  /** A signed-in creator: the emulator's ID token as an Authorization header, the user row created by /api/me. */
  async function signUpCreator(email) {
    const signUp = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'bench-password', returnSecureToken: true }),
    }).then((r) => r.json());
    const header = { Authorization: `Bearer ${signUp.idToken}` };
    await fetch(`${base}/api/me`, { headers: header });
    return header;
  }
  const auth = await signUpCreator('bench@example.com');
  // 20 more creators for the concurrency round (each uploads once, at the same moment).
  const crowd = await Promise.all(Array.from({ length: 20 }, (_, i) => signUpCreator(`crowd-${i}@example.com`)));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(`INSERT INTO subscriptions (user_id, status, plan_type) SELECT id, 'active', 'creator_pro' FROM users`);
  await db.end();

  async function uploadMultipart(file, as = auth) {
    const boundary = '----preflightbench';
    const res = await send(`${base}/api/upload/`, {
      headers: { ...as, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      parts: [
        { text: `--${boundary}\r\nContent-Disposition: form-data; name="feedbackStyle"\r\n\r\nbalanced\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mkv"\r\nContent-Type: video/x-matroska\r\n\r\n` },
        { file },
        { text: `\r\n--${boundary}--\r\n` },
      ],
    });
    if (res.status !== 200) throw new Error(`multipart upload answered ${res.status}: ${res.body}`);
    return res;
  }

  /** Creation + one PATCH with the whole file; the time covers both. */
  async function uploadTus(file) {
    const size = statSync(file).size;
    const metadata = `filename ${Buffer.from('bench.mkv').toString('base64')},filetype ${Buffer.from('video/x-matroska').toString('base64')}`;
    const started = process.hrtime.bigint();
    const created = await fetch(`${base}/api/upload/tus`, { method: 'POST', headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Length': String(size), 'Upload-Metadata': metadata } });
    if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${await created.text()}`);
    const location = new URL(created.headers.get('location'), base).toString();
    const res = await send(location, { method: 'PATCH', headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, parts: [{ file }] });
    if (res.status !== 200) throw new Error(`tus upload answered ${res.status}: ${res.body}`);
    return { ...res, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  }

  const rounds = Number(process.argv[3] ?? 3);
  const bare = await bareServer();
  const tiny = join(work, 'tiny.mkv');
  spawnSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=10', '-t', '1', '-c:v', 'rawvideo', tiny]);
  // Warm both paths up with a tiny video, so the RSS baseline includes the code they load once (multer, tus,
  // ffprobe spawn): what remains is growth that could depend on the file's size.
  await uploadMultipart(tiny);
  await uploadTus(tiny);
  // The large uploads first, on the just-warmed API: their growth is measured from its baseline.
  const baseline = rssMb(api.pid);
  const wholeRun = sampleRss(api.pid); // from the warmed API to the end: what all uploads together added
  const rss = sampleRss(api.pid);
  const peaks = { multipart: baseline, tus: baseline };
  const cpu = { multipart: [], tus: [] };
  /** Runs one API upload and keeps the API's peak RSS and the CPU time it took, per path. */
  const measured = async (path, upload) => {
    const during = sampleRss(api.pid);
    const cpuBefore = cpuSeconds(api.pid);
    try {
      return await upload();
    } finally {
      during.stop();
      peaks[path] = Math.max(peaks[path], during.samples.peak);
      cpu[path].push(cpuSeconds(api.pid) - cpuBefore);
    }
  };
  // Rounds alternate the three so disk and page-cache state affect each alike; medians are reported.
  const times = { bare: [], multipart: [], tus: [] };
  for (let round = 0; round < rounds; round++) {
    times.bare.push((await send(bare.url, { parts: [{ file: video }] })).seconds);
    rmSync(join(work, 'bare.bin'), { force: true });
    times.multipart.push((await measured('multipart', () => uploadMultipart(video))).seconds);
    times.tus.push((await measured('tus', () => uploadTus(video))).seconds);
    rmSync(join(work, 'storage', 'uploads'), { recursive: true, force: true });
    mkdirSync(join(work, 'storage', 'uploads'), { recursive: true });
  }
  rss.stop();
  bare.server.close();
  // Then 20 creators upload a 20 MB clip each at the same moment (as the hardening probe did).
  const clip = join(work, 'clip.mkv');
  spawnSync('ffmpeg', ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-t', '2', '-c:v', 'rawvideo', '-pix_fmt', 'yuv420p', clip]);
  const crowdBaseline = rssMb(api.pid);
  const crowdRss = sampleRss(api.pid);
  const started = Date.now();
  const answers = await Promise.all(crowd.map((as) => uploadMultipart(clip, as).then((r) => r.status, (e) => String(e.message).slice(0, 40))));
  const crowdSeconds = (Date.now() - started) / 1000;
  crowdRss.stop();
  await new Promise((r) => setTimeout(r, 5000)); // what stays once the requests are done
  const statuses = Object.entries(answers.reduce((n, a) => ({ ...n, [a]: (n[a] ?? 0) + 1 }), {})).map(([k, v]) => `${v}× ${k}`).join(', ');
  const crowdLine = `  20 concurrent ${(statSync(clip).size / 1048576).toFixed(0)} MB multipart uploads from 20 creators: ${statuses} in ${crowdSeconds.toFixed(1)} s; API RSS ${crowdBaseline.toFixed(0)} MB before, ${crowdRss.samples.peak.toFixed(0)} MB peak, ${rssMb(api.pid).toFixed(0)} MB 5 s after`;
  wholeRun.stop();
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const results = [
    { name: 'bare Node stream-to-disk', seconds: median(times.bare) },
    { name: 'API multipart (POST /api/upload/)', seconds: median(times.multipart), path: 'multipart' },
    { name: 'API tus (one PATCH, resumable)', seconds: median(times.tus), path: 'tus' },
  ];
  const bareRate = mb / results[0].seconds;
  console.log(`\nUpload benchmark: ${mb.toFixed(0)} MB file, loopback, median of ${rounds} rounds, Node ${process.versions.node}`);
  for (const r of results) {
    const rate = mb / r.seconds;
    const apiCpu = r.path ? `  API CPU ${(median(cpu[r.path]) / (mb / 1024)).toFixed(1)} s per GB` : '';
    console.log(`  ${r.name.padEnd(36)} ${r.seconds.toFixed(1).padStart(6)} s  ${rate.toFixed(0).padStart(5)} MB/s  ${((rate / bareRate) * 100).toFixed(0).padStart(4)} % of bare${apiCpu}`);
  }
  console.log(`  API RSS: ${baseline.toFixed(0)} MB before, ${rss.samples.peak.toFixed(0)} MB peak, growth ${(rss.samples.peak - baseline).toFixed(0)} MB (target ≤ 64 MB): multipart ${(peaks.multipart - baseline).toFixed(0)} MB, tus ${(peaks.tus - baseline).toFixed(0)} MB`);
  console.log(crowdLine);
  console.log(`  whole run (every large upload, then the 20 at once): API RSS ${baseline.toFixed(0)} MB on the warmed API, ${wholeRun.samples.peak.toFixed(0)} MB peak, growth ${(wholeRun.samples.peak - baseline).toFixed(0)} MB`);

} finally {
  await stopAll(children);
  await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  await admin.end();
  rmSync(work, { recursive: true, force: true });
  await deleteRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', queuePrefix); // never-processed jobs
}
