// The docs list what the code lists, so that a moved file or a new module never leaves a newcomer hunting:
// - every repository path README.md and docs/*.md cite (in backticks or as links) exists;
// - every repository path a code comment cites exists (commentPathProblems below says what counts as one);
// - every folder of src/modules and client/src/features is named in docs/architecture.md;
// - every /api and /public path of sdk/openapi.json is listed in docs/product.md's endpoints.
// Paths with placeholders (`{id}`, `<name>`, `*`, `…`) describe patterns, not files, and are skipped; a cited test may
// leave out its `.test.ts`. `node scripts/lib/doc-paths.mjs [folder]` prints the problems, exit 1 if any.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import ts from 'typescript';

const TOP_FOLDERS = ['src', 'client', 'packages', 'sdk', 'scripts', 'test', 'docker', 'docs', 'assets', 'examples', '.ci'];
const TOP = `(?:${TOP_FOLDERS.map((f) => f.replace('.', '\\.')).join('|')})/`;
const CITED = new RegExp(`^(?:\\./)?${TOP}[\\w@./-]*$`);
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

// Code comments: a path is a whitespace-separated word of a comment (quotes, brackets and trailing punctuation taken
// off, a `:line` too) whose first segment is one of TOP_FOLDERS followed by `/`, made only of path characters. Prose
// that merely contains a slash (`and/or`, `/api/status/{id}`, `model/constants.ts` relative to the engine) does not
// start with a top folder and is not checked. Inside a workspace (client/, sdk/, packages/*) a path may also be
// written from the workspace's folder: a comment in client/ may leave out the `client/` of client/src/lib.
const COMMENTED = ['src', 'client/src', 'scripts', 'test', 'packages/*/src'];
const CODE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
// A file without any such word is not parsed.
const CANDIDATE = new RegExp(`(?:^|[^\\w/.-])${TOP}`);
// What may hold `//` or `/*` without being a comment: blanked before comments are looked for.
const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/** The comments of one source file, with strings, templates, regular expressions and JSX text parsed out. */
function commentsOf(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const chars = text.split(''); // UTF-16 units, as the parser's positions count
  const blank = (node) => {
    if (LITERALS.has(node.kind)) for (let i = node.getStart(source); i < node.end; i++) if (chars[i] !== '\n') chars[i] = ' ';
    ts.forEachChild(node, blank);
  };
  blank(source);
  return [...chars.join('').matchAll(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map(([comment]) => comment);
}

/** The repository paths cited in one comment, as written. */
function pathsInComment(comment) {
  return comment
    .split(/\s+/)
    .map((word) => word.replace(/^[`'"([]+/, '').replace(/[`'")\],.;:!?]+$/, '').replace(/:\d+(?:-\d+)?$/, ''))
    .filter((word) => CITED.test(word) && !/[{}<>*…]/.test(word))
    .map((word) => word.replace(/^\.\//, '').replace(/\/$/, ''));
}

function sourceFiles(root) {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...COMMENTED], { cwd: root, encoding: 'utf8' });
  return listed.stdout.split('\n').filter((file) => CODE.test(file));
}

/** The paths cited in code comments that do not exist, as `file: path`. */
export function commentPathProblems(root) {
  const workspaces = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces ?? [];
  const missing = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    if (!CANDIDATE.test(text)) continue;
    const home = workspaces.find((folder) => file.startsWith(`${folder}/`));
    for (const path of commentsOf(file, text).flatMap(pathsInComment)) {
      if (!exists(root, path) && !(home && exists(root, `${home}/${path}`))) missing.push(`${file}: ${path}`);
    }
  }
  return [...new Set(missing)];
}

/** One `## ` section of a Markdown document, without its heading ('' when absent). */
function section(text, heading) {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

const backticked = (text) => new Set([...text.matchAll(/`([^`\n]+)`/g)].map(([, span]) => span));
const folders = (root, parent) =>
  existsSync(join(root, parent)) ? readdirSync(join(root, parent), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];

/**
 * Every server module (src/modules/<x>) is named, in backticks, in architecture.md's "Server modules" section, and
 * every web app feature (client/src/features/<x>) in its "Web app" section.
 */
export function undocumentedFolders(root) {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const missing = [];
  for (const [parent, heading] of [
    ['src/modules', 'Server modules'],
    ['client/src/features', 'Web app'],
  ]) {
    const named = backticked(section(doc, heading));
    for (const name of folders(root, parent)) if (!named.has(name)) missing.push(`docs/architecture.md ("${heading}") does not name ${parent}/${name}`);
  }
  return missing;
}

// `/api/reports/{reportId}/edit` and `/api/reports/{id}/edit` are one path: parameters compare by position only.
const endpointKey = (path) => path.replace(/\{[^}]*\}/g, '{}');

/** Every /api and /public path of sdk/openapi.json is listed (in backticks) in product.md's "Endpoints" section. */
export function undocumentedEndpoints(root) {
  const { paths } = JSON.parse(readFileSync(join(root, 'sdk/openapi.json'), 'utf8'));
  const listed = new Set();
  for (const span of backticked(section(readFileSync(join(root, 'docs/product.md'), 'utf8'), 'Endpoints'))) {
    for (const word of span.split(/\s+/)) if (/^\/(?:api|public)\//.test(word)) listed.add(endpointKey(word.replace(/\?.*$/, '')));
  }
  return Object.keys(paths)
    .filter((path) => /^\/(?:api|public)\//.test(path) && !listed.has(endpointKey(path)))
    .map((path) => `docs/product.md ("Endpoints") does not list ${path} (sdk/openapi.json)`);
}

/** Every problem of the docs against the tree, one message each. */
export function docProblems(root) {
  return [
    ...missingDocPaths(root).map((cited) => `docs cite a path that does not exist: ${cited}`),
    ...commentPathProblems(root).map((cited) => `a code comment cites a path that does not exist: ${cited}`),
    ...undocumentedFolders(root),
    ...undocumentedEndpoints(root),
  ];
}

if (process.argv[1] && import.meta.url === `file://${process.argv[1]}`) {
  const problems = docProblems(process.argv[2] ?? process.cwd());
  for (const line of problems) console.log(line);
  console.log(problems.length ? `${problems.length} places where the docs disagree with the tree` : 'the docs agree with the tree');
  process.exit(problems.length ? 1 : 0);
}
