import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { initialFiles, measurePages, type Manifest } from './jsBudget';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', imports: ['_react-b.js', '_mui-c.js'], dynamicImports: ['src/boot.tsx'] },
  'src/boot.tsx': { file: 'assets/boot-h.js', imports: ['_react-b.js'], dynamicImports: ['src/Page.tsx', 'src/auth.ts'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  '_mui-c.js': { file: 'assets/mui-c.js', imports: ['_react-b.js'] },
  'src/Page.tsx': { file: 'assets/Page-d.js', imports: ['index.html', '_mui-c.js', '_charts-e.js'] },
  '_charts-e.js': { file: 'assets/charts-e.js' },
  'src/auth.ts': { file: 'assets/auth-f.js', imports: ['_firebase-g.js'] },
  '_firebase-g.js': { file: 'assets/firebase-g.js' },
};

describe('initial JavaScript per page', () => {
  it("follows static imports from the entry, the app it boots and the page, never the page's dynamic ones", () => {
    expect(initialFiles(manifest, [])).toEqual(['assets/boot-h.js', 'assets/index-a.js', 'assets/mui-c.js', 'assets/react-b.js']);
    expect(initialFiles(manifest, ['src/Page.tsx'])).toEqual(['assets/Page-d.js', 'assets/boot-h.js', 'assets/charts-e.js', 'assets/index-a.js', 'assets/mui-c.js', 'assets/react-b.js']);
  });

  it('refuses a page module the build does not have (a rename must update the budgets)', () => {
    expect(() => initialFiles(manifest, ['src/Gone.tsx'])).toThrow(/src\/Gone\.tsx is not in the build manifest/);
  });

  const dist = mkdtempSync(join(tmpdir(), 'budget-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  // Random bytes: gzip cannot shrink them, so the sizes are known.
  it('measures gzip bytes from the build and flags a page over its budget', () => {
    mkdirSync(join(dist, '.vite'), { recursive: true });
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const chunk of Object.values(manifest)) writeFileSync(join(dist, chunk.file), randomBytes(chunk.file.includes('charts') ? 30_000 : 1_000));
    const [landing, page] = measurePages(dist, [
      { page: 'landing', path: '/', loads: [], budgetKb: 10 },
      { page: 'report', path: '/r', loads: ['src/Page.tsx'], budgetKb: 10 },
    ]);
    expect(landing!.over).toBe(false);
    expect(landing!.gzipBytes).toBeGreaterThan(0);
    expect(landing!.gzipBytes).toBeLessThan(landing!.rawBytes + 100);
    expect(page!.over).toBe(true); // the 30 KB chart chunk is a static import of the page; four 1 KB files: entry, boot, react, mui
    expect(page!.rawBytes).toBe(35_000);
    // What a page loads just after its first paint still counts: a first visit loads it first.
    const [guarded] = measurePages(dist, [{ page: 'guarded', path: '/g', loads: [], loadsAfterPaint: ['src/auth.ts'], budgetKb: 10 }]);
    expect(guarded!.files).toContain('assets/firebase-g.js');
    expect(guarded!.rawBytes).toBe(6_000);
  });
});
