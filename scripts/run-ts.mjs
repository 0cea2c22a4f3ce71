// node scripts/run-ts.mjs FILE.ts [args]: runs a TypeScript entry point from source (swc), for `npm run analyze`,
// `bench:analysis` and the evaluations. The server code reads @preflight/shared from its compiled dist/, so that is
// built first — but only when its sources are newer than the last build (a stamp written after a successful build):
// rebuilding it on every run cost ~2 s of every `npm run analyze` (issue 27, Speed).
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from './lib/bootstrap.mjs';
import { isUpToDate, markBuilt } from './lib/freshness.mjs';

const STAMP = 'packages/shared/dist/.built';
const SOURCES = ['packages/shared/src', 'packages/shared/tsconfig.json', 'packages/shared/package.json'];

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: node scripts/run-ts.mjs FILE.ts [args]\n');
  process.exit(2);
}

if (!isUpToDate(STAMP, SOURCES)) {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const built = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'packages', 'shared', 'tsconfig.json')], { stdio: 'inherit', cwd: ROOT });
  if (built.status !== 0) process.exit(built.status ?? 1);
  markBuilt(STAMP);
}

const child = spawn(process.execPath, ['-r', '@swc-node/register', entry, ...args], { stdio: 'inherit' });
// Ctrl-C reaches both processes (same process group); the child decides how to stop, and its exit is ours.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
