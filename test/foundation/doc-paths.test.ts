import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Issue 44, item 5: the docs listed fewer modules, features and endpoints than the code, and comments cited files that
 * had moved. The lint tier (scripts/lint.mjs) runs scripts/lib/doc-paths.mjs; this runs it on the repository and on a
 * small repository that agrees with its docs, then breaks that one in each way the check must catch.
 */
const ROOT = join(__dirname, '..', '..');
const CHECK = join(ROOT, 'scripts', 'lib', 'doc-paths.mjs');

const check = (folder: string) => {
  const run = spawnSync(process.execPath, [CHECK, folder], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
};

const ARCHITECTURE = `# Architecture

## Server modules

| Folder | Owns |
|---|---|
| \`users\` | the users table |

## Web app

\`client/src/features/*\`, one folder per screen (\`landing\`).
`;
const PRODUCT = `# Product

## Endpoints

| Method and path | What |
|---|---|
| \`GET /api/me\` | the creator |
| \`GET\` · \`DELETE /api/reports/{id}?format=pdf\` | a report · delete it |

## Rules
`;
const OPENAPI = { paths: { '/api/me': {}, '/api/reports/{reportId}': {}, '/reports/{folder}/report.json': {} } };

describe('the docs agree with the tree (lint tier)', () => {
  let repo: string;
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(repo, path)), { recursive: true });
    writeFileSync(join(repo, path), text);
  };

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'preflight-docs-'));
    spawnSync('git', ['init', '-q'], { cwd: repo });
    write('package.json', JSON.stringify({ workspaces: ['client'] }));
    write('README.md', 'The users module: `src/modules/users/users.service.ts`.\n');
    write('docs/architecture.md', ARCHITECTURE);
    write('docs/product.md', PRODUCT);
    write('sdk/openapi.json', JSON.stringify(OPENAPI));
    write(
      'src/modules/users/users.service.ts',
      [
        '// The rows are read through src/modules/users/users.repository.ts (and docs/product.md, "Endpoints").',
        "export const home = 'not a comment: // src/nowhere.ts'; // and/or /api/me, model/constants.ts",
        'export const pattern = /a \\/* src\\/gone.ts/; /* src/modules/users/ */',
        'export const url = `${home} // src/nothing.ts ${home} /* src/none.ts */`;',
      ].join('\n'),
    );
    write('src/modules/users/users.repository.ts', 'export {};\n');
    // A workspace may cite its own files from its folder: a comment in client/ may leave out its `client/`.
    write('client/src/features/landing/Landing.tsx', 'export const Landing = () => <p>see // src/nope.ts here</p>; // src/lib/boot.ts\n');
    write('client/src/lib/boot.ts', 'export {};\n');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('they agree in the repository', () => {
    expect(check(ROOT)).toEqual({ status: 0, out: 'the docs agree with the tree\n' });
  });

  it('a repository that agrees passes: paths in strings, regexps, templates and JSX text are not comments', () => {
    expect(check(repo)).toEqual({ status: 0, out: 'the docs agree with the tree\n' });
  });

  it('fails when a code comment cites a file that does not exist', () => {
    write('test/users.test.ts', '/**\n * Moved: see src/modules/users/old-users.service.ts:12, and scripts/lib/gone.mjs.\n */\nexport {};\n');
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.out).toContain('a code comment cites a path that does not exist: test/users.test.ts: src/modules/users/old-users.service.ts\n');
    expect(result.out).toContain('a code comment cites a path that does not exist: test/users.test.ts: scripts/lib/gone.mjs\n');
  });

  it('fails when a comment outside a workspace cites a path only the workspace has', () => {
    write('scripts/start.mjs', '// boots src/lib/boot.ts\n');
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.out).toContain('a code comment cites a path that does not exist: scripts/start.mjs: src/lib/boot.ts');
  });

  it('fails when a module folder is not named in architecture.md', () => {
    write('src/modules/webhooks/webhooks.service.ts', 'export {};\n');
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.out).toContain('docs/architecture.md ("Server modules") does not name src/modules/webhooks');
  });

  it('fails when a client feature folder is not named in architecture.md', () => {
    write('client/src/features/settings/SettingsPage.tsx', 'export {};\n');
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.out).toContain('docs/architecture.md ("Web app") does not name client/src/features/settings');
  });

  it('fails when an /api or /public path of the OpenAPI document is missing from the endpoint list', () => {
    write('sdk/openapi.json', JSON.stringify({ paths: { ...OPENAPI.paths, '/api/keys/{keyId}': {}, '/public/config': {} } }));
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.out).toContain('docs/product.md ("Endpoints") does not list /api/keys/{keyId} (sdk/openapi.json)');
    expect(result.out).toContain('docs/product.md ("Endpoints") does not list /public/config (sdk/openapi.json)');
  });

  it('still fails when a document cites a path that does not exist', () => {
    write('docs/testing.md', 'See `test/foundation/gone` and [the guide](../docs/missing.md).\n');
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.out).toContain('docs cite a path that does not exist: docs/testing.md: test/foundation/gone');
    expect(result.out).toContain('docs cite a path that does not exist: docs/testing.md: docs/missing.md');
  });
});
