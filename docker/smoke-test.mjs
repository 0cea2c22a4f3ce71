// The checks docker/smoke.sh runs against the composed stack, from a container inside its pod (so the host needs
// nothing but podman): sign in through the Auth emulator, upload a video, wait for the analysis, read report.json
// and the PDF. Prints one line per step with its time; exits non-zero on the first failure.
// Usage: node smoke-test.mjs <video file>   Environment: API_URL, AUTH_EMULATOR_HOST, SMOKE_TIMEOUT_S.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
const emulator = process.env.AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const timeoutMs = Number(process.env.SMOKE_TIMEOUT_S ?? 600) * 1000;
const video = process.argv[2];
if (!video) throw new Error('usage: node smoke-test.mjs <video file>');

const started = Date.now();
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** Runs one step, prints its time, and passes its result on. */
async function step(name, action) {
  const at = Date.now();
  const result = await action();
  console.log(`smoke: ${name} — ${seconds(at)} s${typeof result === 'string' ? ` (${result})` : ''}`);
  return result;
}

/** Polls until `probe` returns a value other than undefined: the stack's state decides, not a fixed sleep. */
async function until(what, probe) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function json(response, what) {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response.json();
}

await step('API ready (PostgreSQL, Redis and the store reachable)', () =>
  until('GET /api/health/ready', async () => ((await fetch(`${api}/api/health/ready`)).ok ? 'ok' : undefined)),
);

const auth = await step('signed in through the Auth emulator', async () => {
  // The emulator may still be starting: any HTTP answer means it listens.
  const signUp = await until('the Auth emulator', () =>
    fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `smoke-${Date.now()}@example.com`, password: 'smoke-password', returnSecureToken: true }),
    }),
  );
  const { idToken } = await json(signUp, 'the emulator sign-up');
  const header = { authorization: `Bearer ${idToken}` };
  const me = await json(await fetch(`${api}/api/me`, { headers: header }), 'GET /api/me');
  if (!me.email) throw new Error(`GET /api/me has no email: ${JSON.stringify(me)}`);
  return header;
});

const reportId = await step('uploaded', async () => {
  const form = new FormData();
  form.append('feedbackStyle', 'balanced');
  form.append('file', new Blob([readFileSync(video)], { type: 'video/mp4' }), basename(video));
  const { reportId: id } = await json(await fetch(`${api}/api/upload/`, { method: 'POST', headers: auth, body: form }), 'POST /api/upload/');
  return id;
});

await step('analysed by the worker', () =>
  until('the analysis', async () => {
    const status = await json(await fetch(`${api}/api/status/${reportId}`, { headers: auth }), 'GET /api/status');
    if (status.status === 'processing') return undefined;
    if (status.status !== 'completed') throw new Error(`the analysis ended ${status.status}: ${status.error}`);
    return `report ${reportId}`;
  }),
);

await step('report.json read', async () => {
  const report = await json(await fetch(`${api}/reports/${reportId}_data/report.json`, { headers: auth }), 'GET report.json');
  const score = report.overall_score_and_recommendations?.overall_performance_score;
  if (typeof score !== 'number' || report.video_info?.original_filename !== basename(video)) {
    throw new Error(`report.json lacks the score or the file name: ${JSON.stringify(report).slice(0, 300)}`);
  }
  return `score ${score}, ${report.frames.length} frames, ${report.video_info.duration_seconds} s of video`;
});

await step('PDF printed by the worker', async () => {
  const response = await fetch(`${api}/public/prevention/pdf/${reportId}`, { headers: auth });
  if (!response.ok) throw new Error(`GET the PDF answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const pdf = Buffer.from(await response.arrayBuffer());
  if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('the PDF download is not a PDF');
  return `${(pdf.length / 1024).toFixed(0)} KB`;
});

console.log(`smoke: passed in ${seconds(started)} s`);
