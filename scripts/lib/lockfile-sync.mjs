// Does package-lock.json still describe what the package.json files ask for? `npm install` quietly re-resolves (and
// rewrites the lockfile) when they disagree, so a fresh clone got other versions than the ones tested here (issue 29:
// five packages were missing from the lockfile). The lint tier fails on any disagreement.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';

const require = createRequire(import.meta.url);
const semver = require('semver');

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/**
 * Where npm would find `name` for the package at `from` (a lockfile key: '' for the root, 'client', or
 * 'node_modules/a/node_modules/b'): its own node_modules, then each parent's, up to the root's.
 */
function resolveInLock(packages, from, name) {
  let at = from;
  for (;;) {
    const key = at ? `${at}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return { key, entry: packages[key] };
    if (!at) return null;
    const parent = at.lastIndexOf('/node_modules/');
    at = parent >= 0 ? at.slice(0, parent) : '';
  }
}

/** A version range npm resolves from the registry (not a link, a file, a git URL or an alias). */
const isRegistryRange = (range) => semver.validRange(range) !== null;

/** One line per disagreement between the package.json files (root and workspaces) and package-lock.json; [] when in sync. */
export function lockfileProblems(root) {
  const lockFile = join(root, 'package-lock.json');
  if (!existsSync(lockFile)) return ['package-lock.json is missing'];
  const lock = readJson(lockFile);
  const packages = lock.packages ?? {};
  const rootManifest = readJson(join(root, 'package.json'));
  const manifests = [['', rootManifest], ...(rootManifest.workspaces ?? []).map((path) => [posix.normalize(path), readJson(join(root, path, 'package.json'))])];
  const problems = [];
  for (const [path, manifest] of manifests) {
    const where = path ? `${path}/package.json` : 'package.json';
    const locked = packages[path];
    if (!locked) {
      problems.push(`${where}: the lockfile has no entry for this workspace`);
      continue;
    }
    for (const field of DEPENDENCY_FIELDS) {
      const wanted = manifest[field] ?? {};
      const recorded = locked[field] ?? {};
      for (const [name, range] of Object.entries(wanted)) {
        if (recorded[name] !== range) {
          problems.push(`${where}: ${field}.${name} is "${range}", the lockfile records ${recorded[name] === undefined ? 'nothing' : `"${recorded[name]}"`}`);
          continue;
        }
        const found = resolveInLock(packages, path, name);
        if (!found) {
          // An optional or peer dependency may be absent (another platform's binary; a peer the user brings).
          if (field === 'dependencies' || field === 'devDependencies') problems.push(`${where}: ${name} is not in the lockfile`);
          continue;
        }
        if (found.entry.link || !isRegistryRange(range) || !found.entry.version) continue;
        if (!semver.satisfies(found.entry.version, range, { includePrerelease: true })) {
          problems.push(`${where}: ${name}@${range} but the lockfile has ${found.entry.version} (${found.key})`);
        }
      }
      for (const name of Object.keys(recorded)) {
        if (!(name in wanted)) problems.push(`${where}: the lockfile records ${field}.${name}, which package.json no longer has`);
      }
    }
  }
  return problems;
}

// `node scripts/lib/lockfile-sync.mjs [folder]`: prints the disagreements, exit 1 if any.
if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const problems = lockfileProblems(process.argv[2] ?? process.cwd());
  for (const line of problems) console.log(line);
  console.log(problems.length ? `${problems.length} disagreements between package.json and package-lock.json` : 'package.json and package-lock.json agree');
  process.exit(problems.length ? 1 : 0);
}
