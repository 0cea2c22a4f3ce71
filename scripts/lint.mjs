// `npm run lint`: ESLint (eslint.config.mjs) over the server, tests, scripts, shared package, SDK and web app, then
// the import boundaries and cycles (dependency-cruiser, .dependency-cruiser.cjs), then that the docs agree with the
// tree (scripts/lib/doc-paths.mjs: cited paths, paths in code comments, modules, features, endpoints), then that
// package-lock.json agrees with every package.json (scripts/lib/lockfile-sync.mjs). Zero warnings pass, anything else
// fails. With --report FILE it also writes a jest-shaped count for `npm test` (a file or a boundary rule = one check).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTestTools } from './lib/bootstrap.mjs';
import { docProblems } from './lib/doc-paths.mjs';
import { lockfileProblems } from './lib/lockfile-sync.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// ESLint and dependency-cruiser are test tools: `npm start` alone does not install them.
ensureTestTools();
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const reportIndex = process.argv.indexOf('--report');
const reportFile = reportIndex > 0 ? process.argv[reportIndex + 1] : null;
const work = join(tmpdir(), `preflight-lint-${process.pid}`);
mkdirSync(work, { recursive: true });

const CRUISED = ['src', 'client/src', 'packages/shared/src', 'sdk/src'];
const started = Date.now();
const eslintOut = join(work, 'eslint.json');
spawnSync(bin('eslint'), ['.', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/', '-f', 'json', '-o', eslintOut], {
  cwd: ROOT,
  stdio: 'inherit',
});
const cruiseOut = join(work, 'cruise.json');
spawnSync(bin('depcruise'), [...CRUISED, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', '--output-to', cruiseOut], { cwd: ROOT, stdio: 'inherit' });

const eslint = JSON.parse(readFileSync(eslintOut, 'utf8'));
const cruise = JSON.parse(readFileSync(cruiseOut, 'utf8'));
const rules = JSON.parse(
  spawnSync(process.execPath, ['-e', "process.stdout.write(JSON.stringify(require('./.dependency-cruiser.cjs').forbidden.map((r) => r.name)))"], { cwd: ROOT, encoding: 'utf8' }).stdout,
);
rmSync(work, { recursive: true, force: true });

const problems = [];
for (const file of eslint) {
  for (const m of file.messages) problems.push(`${relative(ROOT, file.filePath)}:${m.line}:${m.column} ${m.ruleId ?? 'eslint'} ${m.message}`);
}
const violations = cruise.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle: ${v.cycle.map((c) => c.name ?? c).join(' → ')})` : ''}`);
const docs = docProblems(ROOT);
const lockfile = lockfileProblems(ROOT).map((problem) => `package-lock.json disagrees: ${problem}`);
for (const line of [...problems, ...violations, ...docs, ...lockfile]) console.log(line);

const filesWithProblems = eslint.filter((f) => f.messages.length).length;
const rulesBroken = new Set(cruise.summary.violations.map((v) => v.rule.name)).size;
// The docs against the tree are one more check.
const docsBroken = docs.length ? 1 : 0;
// And the lockfile another.
const lockBroken = lockfile.length ? 1 : 0;
const counts = {
  passed: eslint.length - filesWithProblems + rules.length - rulesBroken + 1 - docsBroken + 1 - lockBroken,
  failed: filesWithProblems + rulesBroken + docsBroken + lockBroken,
};
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `lint: ${eslint.length} files, ${problems.length} ESLint problems; ${cruise.summary.totalCruised} modules, ${violations.length} boundary violations; ${docs.length} places where the docs disagree with the tree; ${lockfile.length} lockfile disagreements (${seconds} s)`,
);
if (reportFile) writeFileSync(reportFile, JSON.stringify({ numPassedTests: counts.passed, numFailedTests: counts.failed, numPendingTests: 0 }));
process.exit(counts.failed ? 1 : 0);
