// Every repository path a document cites must exist: README.md and docs/*.md name files and folders (in backticks
// or as links), and a moved file would otherwise leave a newcomer hunting. Paths with placeholders (`{id}`, `<name>`,
// `*`, `…`) describe patterns, not files, and are skipped; a cited test may leave out its `.test.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';

const TOP_FOLDERS = ['src', 'client', 'packages', 'sdk', 'scripts', 'test', 'docker', 'docs', 'assets', 'examples', '.ci'];
const CITED = new RegExp(`^(?:\\./)?(?:${TOP_FOLDERS.map((f) => f.replace('.', '\\.')).join('|')})/[\\w@./-]*$`);
const SUFFIXES = ['', '.ts', '.tsx', '.mjs', '.js', '.test.ts', '.test.tsx', '.spec.ts'];

function documents(root) {
  return ['README.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
}

/** Candidate paths in one document: backticked spans and link targets, each as written. */
function citations(text) {
  const found = [];
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) found.push(...span.split(/\s+/));
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) found.push(`link:${target}`);
  return found;
}

// Build outputs (client/dist, …) are cited but not committed: a path git ignores counts as present.
function exists(root, path) {
  if (SUFFIXES.some((suffix) => existsSync(join(root, path + suffix)))) return true;
  return spawnSync('git', ['check-ignore', '--no-index', path, `${path}/`], { cwd: root }).status === 0;
}

/** The paths cited in README.md and docs/ that do not exist, as `document: path`. */
export function missingDocPaths(root) {
  const missing = [];
  for (const doc of documents(root)) {
    const text = readFileSync(join(root, doc), 'utf8');
    for (const raw of citations(text)) {
      let path;
      if (raw.startsWith('link:')) {
        const target = raw.slice(5).split('#')[0];
        if (!target || /^[a-z]+:/i.test(target)) continue;
        path = relative(root, normalize(join(root, dirname(doc), target)));
      } else {
        const cleaned = raw.replace(/[),.;:]+$/, '').replace(/:\d+$/, '');
        if (!CITED.test(cleaned)) continue;
        path = cleaned.replace(/^\.\//, '');
      }
      if (/[{}<>*…]/.test(path)) continue;
      if (!exists(root, path.replace(/\/$/, ''))) missing.push(`${doc}: ${path}`);
    }
  }
  return [...new Set(missing)];
}
