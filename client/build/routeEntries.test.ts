import { describe, expect, it } from 'vitest';
import type { Manifest } from './jsBudget';
import { indexPreloads, routeEntries, sectionOf, withModulePreloads } from './routeEntries';

const manifest: Manifest = {
  'index.html': { file: 'assets/index-a.js', imports: ['_react-b.js'], dynamicImports: ['src/boot.tsx'] },
  'src/boot.tsx': { file: 'assets/boot-h.js', imports: ['_react-b.js'], dynamicImports: ['src/Page.tsx', 'src/auth.ts'] },
  '_react-b.js': { file: 'assets/react-b.js' },
  'src/Page.tsx': { file: 'assets/Page-d.js', imports: ['index.html', '_react-b.js', '_charts-e.js'] },
  '_charts-e.js': { file: 'assets/charts-e.js' },
  'src/auth.ts': { file: 'assets/auth-f.js', imports: ['_firebase-g.js'] },
  '_firebase-g.js': { file: 'assets/firebase-g.js' },
};

describe('page entries', () => {
  it('names a page by the first segment of its path', () => {
    expect(sectionOf('/client/:token')).toBe('client');
    expect(sectionOf('/dashboard')).toBe('dashboard');
    expect(sectionOf('/')).toBe('');
  });

  it('preloads what each page loads first beyond the entry; the landing page keeps index.html', () => {
    const routes = routeEntries(manifest, [
      { page: 'landing', path: '/', loads: [], budgetKb: 1 },
      { page: 'report', path: '/report', loads: ['src/Page.tsx', 'src/auth.ts'], budgetKb: 1 },
      { page: 'shared', path: '/client/:token', loads: ['src/Page.tsx'], budgetKb: 1 },
    ]);
    expect(routes).toEqual([
      { section: 'report', files: ['assets/Page-d.js', 'assets/auth-f.js', 'assets/boot-h.js', 'assets/charts-e.js', 'assets/firebase-g.js'] },
      { section: 'client', files: ['assets/Page-d.js', 'assets/boot-h.js', 'assets/charts-e.js'] },
    ]);
  });

  it("leaves out what a page loads after its first paint (a remembered creator's auth SDK)", () => {
    const routes = routeEntries(manifest, [{ page: 'report', path: '/report', loads: ['src/Page.tsx'], loadsAfterPaint: ['src/auth.ts'], budgetKb: 1 }]);
    expect(routes).toEqual([{ section: 'report', files: ['assets/Page-d.js', 'assets/boot-h.js', 'assets/charts-e.js'] }]);
  });

  it('preloads the app the entry boots from index.html itself, beside what Vite links', () => {
    expect(indexPreloads(manifest)).toEqual(['assets/boot-h.js']);
  });

  it('adds the links to the head of index.html under the app base', () => {
    const html = withModulePreloads('<html><head>\n    <title>x</title>\n  </head><body></body></html>', ['assets/Page-d.js'], '/app/');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/app/assets/Page-d.js">\n  </head>');
  });
});
