// First steps of `npm start` and `npm test` on a fresh machine. This file must run on the system Node (20) too:
// it installs the npm dependencies (which bring Node 24) and Debian packages, then re-runs the caller on Node 24.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const NODE24 = join(ROOT, 'node_modules', 'node', 'bin', 'node');

// The first run (on the system Node) hands its start time to the re-run on Node 24, so elapsed times count from the
// moment the command was typed.
const STARTED_AT = Number(process.env.PREFLIGHT_STARTED_AT ?? Date.now());
process.env.PREFLIGHT_STARTED_AT = String(STARTED_AT);

/** One progress line: `[preflight 12s] building the server…`. */
export function log(message) {
  const elapsed = Math.round((Date.now() - STARTED_AT) / 1000);
  console.log(`\x1b[36m[preflight ${elapsed}s]\x1b[0m ${message}`);
}

/**
 * Runs a command to completion. `quiet`: its output is kept and printed only when it fails (package managers and
 * bundlers print pages that say nothing when all goes well).
 */
export function run(command, args, { quiet = false, ...options } = {}) {
  const result = spawnSync(command, args, { stdio: quiet ? 'pipe' : 'inherit', cwd: ROOT, maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(`${command} ${args.join(' ')} failed with ${result.status ?? result.signal}`);
  }
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** The workspace that holds what only the tests, lint and benchmarks need (packages/test-tools/package.json). */
const TEST_TOOLS = join(ROOT, 'node_modules', '@preflight', 'test-tools');
/**
 * What `npm start` installs first, to build and run the product (the root's own dependencies come along): every
 * workspace but the test tools and the Auth emulator (installed while the builds run: installAuthEmulatorInBackground).
 */
const PRODUCT_WORKSPACES = ['packages/shared', 'sdk', 'client'];

/**
 * Installs what `npm start` needs when node_modules is missing or older than the lockfile: the server's and web app's
 * dependencies and build tools, not the Auth emulator's firebase-tools (see installAuthEmulatorInBackground) nor the test tools (Jest, Playwright, Lighthouse, ESLint…: 540 of 1,900 packages),
 * which ensureTestTools() adds when tests first run. Both install exactly the lockfile's versions and leave it as is.
 */
export function ensureNodeModules() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && existsSync(NODE24) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing npm dependencies…');
  npmInstall(existsSync(TEST_TOOLS) ? [] : [...PRODUCT_WORKSPACES.flatMap((w) => ['--workspace', w]), '--include-workspace-root']);
}

/**
 * The Firebase Auth emulator's workspace (packages/auth-emulator: firebase-tools, about 400 packages and a tenth of a
 * first install): `npm start` runs the emulator when no Firebase project is configured, but only once the server and
 * web app are built, which need none of it. So it is installed in the background while they build, not before.
 */
const AUTH_EMULATOR = join(ROOT, 'node_modules', '@preflight', 'auth-emulator');

/** Starts installing the Auth emulator's workspace unless it is there; the promise settles when it is installed. */
export function installAuthEmulatorInBackground() {
  if (existsSync(AUTH_EMULATOR)) return Promise.resolve();
  log('installing the Firebase Auth emulator (firebase-tools) while building…');
  return runInBackground('npm', [...NPM_INSTALL, '--workspace', 'packages/auth-emulator'], { env: NPM_INSTALL_ENV });
}

/** The test tools too (the whole lockfile): `npm test`, the browser tests and the benchmarks call this first. */
export function ensureTestTools() {
  ensureNodeModules();
  if (existsSync(TEST_TOOLS)) return;
  log('installing the test tools (Jest, Playwright, Lighthouse, ESLint…)…');
  npmInstall([]);
}

// `npm install`, not `npm ci`: the registry this project builds against lacks some other platforms' optional
// binaries (e.g. @swc/core-darwin-arm64), so they are not in the lockfile and `npm ci` refuses the lockfile.
// With a lockfile present `npm install` installs exactly its versions; --no-save keeps it from writing package.json
// or package-lock.json at all (npm skips saving the tree when nothing is updated), so a fresh clone stays clean
// even when npm would reformat the lockfile. The lint tier checks the lockfile agrees with package.json
// (scripts/lib/lockfile-sync.mjs). An install limited to some workspaces adds their packages and leaves the others'.
// Errors only: this first install runs on the machine's older Node (Node 24 arrives with it), so every package
// that wants Node 24 warns about an engine mismatch that is already being resolved.
const NPM_INSTALL = ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error'];
// onnxruntime-node's install script would only fetch optional GPU libraries (the CPU build ships in the package).
const NPM_INSTALL_ENV = { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' };

function npmInstall(extraArgs) {
  run('npm', [...NPM_INSTALL, ...extraArgs], { quiet: true, env: NPM_INSTALL_ENV });
}

/** Debian packages the product or its tests need: command (or file) → package. Installs only what is missing. */
export function ensureDebianPackages(wanted) {
  const apt = aptCommand(wanted);
  if (!apt) return;
  log(`installing Debian packages: ${apt.packages.join(' ')}…`);
  run(apt.command[0], apt.command.slice(1), { quiet: true, env: apt.env });
}

/**
 * The same, started now and awaited after `work` (a synchronous step), so that both run at once: apt-get while npm
 * installs, the first start's two longest steps.
 */
export async function ensureDebianPackagesWhile(wanted, work) {
  const apt = aptCommand(wanted);
  if (!apt) return work();
  log(`installing Debian packages: ${apt.packages.join(' ')}…`);
  const installed = runInBackground(apt.command[0], apt.command.slice(1), { env: apt.env });
  installed.catch(() => undefined); // reported where it is awaited, after `work`
  try {
    work();
  } finally {
    await installed;
  }
}

/**
 * Starts a command and answers a promise of its end, like run() with `quiet`. Its output goes to a file, not a pipe:
 * the caller may block its event loop (a synchronous step) meanwhile, and a full pipe would stall the command.
 */
export function runInBackground(command, args, options = {}) {
  const output = join(mkdtempSync(join(tmpdir(), 'preflight-run-')), 'output.log');
  const fd = openSync(output, 'w');
  const child = spawn(command, args, { cwd: ROOT, ...options, stdio: ['ignore', fd, fd] });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      closeSync(fd);
      const text = readFileSync(output, 'utf8');
      rmSync(dirname(output), { recursive: true, force: true });
      if (code === 0) return resolve();
      process.stderr.write(text);
      reject(new Error(`${command} ${args.join(' ')} failed with ${code ?? signal}`));
    });
  });
}

/** apt-get update and install of the missing packages as one command (null when none is missing). */
function aptCommand(wanted) {
  const packages = [...new Set(Object.entries(wanted).filter(([probe]) => !has(probe) && !existsSync(probe)).map(([, pkg]) => pkg))];
  if (packages.length === 0) return null;
  const prefix = process.getuid?.() === 0 ? [] : has('sudo') ? ['sudo'] : null;
  if (!prefix) throw new Error(`missing Debian packages: ${packages.join(' ')} (install them with apt-get as root)`);
  const script = `apt-get update -qq && apt-get install -y -qq --no-install-recommends ${packages.join(' ')}`;
  return { packages, command: [...prefix, 'sh', '-c', script], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
}

/** Re-runs the current script on the project's Node 24 when started by an older Node; returns only on Node 24+. */
export function ensureNode24() {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= 24) return;
  const result = spawnSync(NODE24, process.argv.slice(1), { stdio: 'inherit', env: withNodePath(process.env) });
  process.exit(result.status ?? 1);
}

/** PATH with the project's binaries (Node 24 first), for the child processes we start. */
export function withNodePath(env) {
  return { ...env, PATH: `${join(ROOT, 'node_modules', '.bin')}:${env.PATH ?? ''}` };
}

export function nodeVersion() {
  return execFileSync(NODE24, ['-v']).toString().trim();
}
