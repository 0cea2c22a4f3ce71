import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Issue 29, item 13: the committed lockfile missed five packages package.json required, so every fresh install chose
 * their versions anew and rewrote package-lock.json. The lint tier (scripts/lint.mjs) now fails when package.json and
 * the lockfile disagree; this runs its check on the repository and on copies broken in each way it must catch.
 */
const ROOT = join(__dirname, '..', '..');
const CHECK = join(ROOT, 'scripts', 'lib', 'lockfile-sync.mjs');
// The root's manifests and every workspace's (read from package.json, so a new workspace is copied too).
const WORKSPACES = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
const MANIFESTS = ['package.json', 'package-lock.json', ...WORKSPACES.map((folder) => `${folder}/package.json`)];

const check = (folder: string) => {
  const run = spawnSync(process.execPath, [CHECK, folder], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
};
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- manifests are edited freely here

describe('package.json and package-lock.json agree (lint tier)', () => {
  let copy: string;
  const edit = (file: string, change: (json: Json) => void) => {
    const json = JSON.parse(readFileSync(join(copy, file), 'utf8')) as Json;
    change(json);
    writeFileSync(join(copy, file), JSON.stringify(json, null, 2));
  };

  beforeEach(() => {
    copy = mkdtempSync(join(tmpdir(), 'preflight-lock-'));
    for (const file of MANIFESTS) cpSync(join(ROOT, file), join(copy, file), { recursive: true, force: true, dereference: true });
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  it('they agree in the repository', () => {
    expect(check(ROOT)).toEqual({ status: 0, out: expect.stringContaining('package.json and package-lock.json agree') });
  });

  it('fails when package.json needs a package the lockfile does not have (the five of issue 29)', () => {
    edit('package-lock.json', (lock) => {
      delete lock.packages['node_modules/jpeg-js'];
      delete lock.packages[''].dependencies['jpeg-js'];
    });
    const result = check(copy);
    expect(result.status).toBe(1);
    expect(result.out).toContain('package.json: dependencies.jpeg-js is');
  });

  it('fails when a workspace asks for a range the locked version does not satisfy', () => {
    edit('client/package.json', (manifest) => {
      manifest.dependencies.react = '^99.0.0';
    });
    edit('package-lock.json', (lock) => {
      lock.packages.client.dependencies.react = '^99.0.0';
    });
    const result = check(copy);
    expect(result.status).toBe(1);
    expect(result.out).toMatch(/client\/package\.json: react@\^99\.0\.0 but the lockfile has \d+\./);
  });

  it('fails when a dependency was dropped from package.json but is still recorded', () => {
    edit('package.json', (manifest) => {
      delete manifest.dependencies['jpeg-js'];
    });
    const result = check(copy);
    expect(result.status).toBe(1);
    expect(result.out).toContain('the lockfile records dependencies.jpeg-js, which package.json no longer has');
  });
});
