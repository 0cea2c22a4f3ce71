// First steps of `npm start` and `npm test` on a fresh machine. This file must run on the system Node (20) too:
// it installs the npm dependencies (which bring Node 24) and Debian packages, then re-runs the caller on Node 24.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
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

/** Installs npm dependencies when node_modules is missing or older than the lockfile. */
export function ensureNodeModules() {
  const marker = join(ROOT, 'node_modules', '.package-lock.json');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(marker) && existsSync(NODE24) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  // `npm install`, not `npm ci`: the registry this project builds against lacks some other platforms' optional
  // binaries (e.g. @swc/core-darwin-arm64), so they are not in the lockfile and `npm ci` refuses the lockfile.
  // With a lockfile present `npm install` installs exactly its versions.
  log('installing npm dependencies…');
  // Errors only: this first install runs on the machine's older Node (Node 24 arrives with it), so every package
  // that wants Node 24 warns about an engine mismatch that is already being resolved.
  // onnxruntime-node's install script would only fetch optional GPU libraries (the CPU build ships in the package).
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], { quiet: true, env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' } });
}

/** Debian packages the product or its tests need: command (or file) → package. Installs only what is missing. */
export function ensureDebianPackages(wanted) {
  const missing = [...new Set(Object.entries(wanted).filter(([probe]) => !has(probe) && !existsSync(probe)).map(([, pkg]) => pkg))];
  if (missing.length === 0) return;
  const prefix = process.getuid?.() === 0 ? [] : has('sudo') ? ['sudo'] : null;
  if (!prefix) throw new Error(`missing Debian packages: ${missing.join(' ')} (install them with apt-get as root)`);
  log(`installing Debian packages: ${missing.join(' ')}…`);
  const apt = (...args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    run(command, rest, { quiet: true, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  apt('update', '-qq');
  apt('install', '-y', '-qq', '--no-install-recommends', ...missing);
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
