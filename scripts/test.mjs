// `npm test`: every tier, nothing started by hand. Installs what is missing, reaches (or starts) PostgreSQL and
// Redis, lints (first: it needs no build and fails fast), builds, then runs server unit tests, server integration tests,
// client tests and browser tests, and prints one closing line with the totals. Arguments: tier names to run only those
// (lint unit integration fuzz faults client browser).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackages, ensureNode24, ensureTestTools, log, nodeVersion, ROOT, run, withNodePath } from './lib/bootstrap.mjs';

ensureTestTools();
ensureNode24();
ensureDebianPackages({
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffmpeg',
  'espeak-ng': 'espeak-ng',
  '/usr/bin/chromium': 'chromium',
  pdftoppm: 'poppler-utils',
  // The marker tests validate FCPXML against Apple's DTD declarations with libxml2's xmllint.
  xmllint: 'libxml2-utils',
  // The edit export's MLT file is rendered with MLT's own melt to check its length and its cuts (test/edit).
  melt: 'melt',
  '/usr/share/fonts/truetype/dejavu': 'fonts-dejavu-core',
  '/usr/share/fonts/truetype/liberation': 'fonts-liberation',
});

const { ensurePostgres, ensureRedis } = await import('./lib/services.mjs');
const services = [];
await ensurePostgres(process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', services);
await ensureRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', services);

const env = withNodePath({ ...process.env, NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning' });
const only = process.argv.slice(2);
const selected = (name) => !only.length || only.includes(name);

const results = join(ROOT, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const jest = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const tiers = {
  // ESLint and the import boundaries (scripts/lint.mjs): seconds, before any build.
  lint: { command: [process.execPath, join(ROOT, 'scripts', 'lint.mjs'), '--report', `${results}/lint.json`], report: 'lint.json', kind: 'jest' },
  unit: { command: [process.execPath, jest, '--selectProjects', 'unit', '--json', `--outputFile=${results}/unit.json`], report: 'unit.json', kind: 'jest' },
  integration: {
    command: [process.execPath, jest, '--selectProjects', 'integration', '--runInBand', '--json', `--outputFile=${results}/integration.json`],
    report: 'integration.json',
    kind: 'jest',
  },
  // After integration: requests generated from sdk/openapi.json, valid and malformed, against the real API.
  fuzz: {
    command: [process.execPath, jest, '--selectProjects', 'fuzz', '--runInBand', '--json', `--outputFile=${results}/fuzz.json`],
    report: 'fuzz.json',
    kind: 'jest',
  },
  faults: {
    command: [process.execPath, jest, '--selectProjects', 'faults', '--runInBand', '--json', `--outputFile=${results}/faults.json`],
    report: 'faults.json',
    kind: 'jest',
  },
  client: {
    command: ['npm', 'run', 'test', '-w', 'client', '--', '--reporter=default', '--reporter=json', `--outputFile=${results}/client.json`],
    report: 'client.json',
    kind: 'jest',
  },
  browser: { command: [process.execPath, join(ROOT, 'scripts', 'browser-tests.mjs')], report: 'browser.json', kind: 'playwright' },
};

const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
let failed = false;
let built = false;
for (const [name, tier] of Object.entries(tiers)) {
  if (!selected(name)) continue;
  if (name !== 'lint' && !built) {
    log(`Node ${nodeVersion()} · type-checking, building server and web app…`);
    run('npm', ['run', 'typecheck'], { env });
    run('npm', ['run', 'build:server'], { env });
    run('npm', ['run', 'build', '-w', 'client'], { env });
    built = true;
  }
  log(`── ${name} tests ──`);
  const started = Date.now();
  const [command, ...args] = tier.command;
  // Why a part of the tier did not run (test/support/skip-notice.ts), for its summary line.
  const skipNotes = join(results, `${name}-skipped.txt`);
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...env, CI: process.env.CI ?? 'true', TEST_SKIP_NOTES: skipNotes } });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const counts = readCounts(join(results, tier.report), tier.kind);
  const ok = result.status === 0 && counts !== null && counts.passed > 0 && counts.failed === 0;
  if (!ok) failed = true;
  if (counts) for (const key of Object.keys(totals)) totals[key] += counts[key];
  const skipped = existsSync(skipNotes) ? [...new Set(readFileSync(skipNotes, 'utf8').split('\n').filter(Boolean))] : [];
  lines.push(
    `${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(12)} ${counts ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped` : 'no report'} (${seconds} s)` +
      (skipped.length ? ` — skipped: ${skipped.join('; ')}` : ''),
  );
}
await (await import('./lib/services.mjs')).stopAll(services);
console.log(`\n${lines.join('\n')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed ? 1 : 0);

function readCounts(file, kind) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (kind === 'playwright') {
    const s = report.stats ?? {};
    return { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
  }
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
}
