import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { initialFiles, PAGE_BUDGETS, staticClosure, type Manifest, type PageBudget } from './jsBudget';

/**
 * index.html gains `<link rel="modulepreload">` for the app its entry boots after the first paint (src/main.tsx), and
 * one HTML entry per page section (routes/dashboard.html, routes/client.html, …): index.html plus
 * `<link rel="modulepreload">` for the JavaScript that page loads first beyond the entry (its route chunk, the auth
 * SDK where it asks who is signed in). The browser fetches them beside the entry instead of after the entry has run
 * (preloadFirstPage), one round trip earlier on a phone's connection. The API serves routes/{section}.html for
 * /app/{section}/… when it exists (src/modules/pages/serve-client.ts), index.html otherwise.
 */

/** The first segment of a page's path ("/client/:token" → "client"); the landing page ("/") has none. */
export const sectionOf = (path: string): string => path.split('/')[1] ?? '';

/** index.html with modulepreload links for `files` (paths under the build folder) before `</head>`. */
export function withModulePreloads(indexHtml: string, files: string[], base: string): string {
  const links = files.map((file) => `    <link rel="modulepreload" crossorigin href="${base}${file}">\n`).join('');
  return indexHtml.replace(/\s*<\/head>/, `\n${links}  </head>`);
}

/** What index.html's script tag brings in itself (Vite links those files in the HTML already). */
const linkedByVite = (manifest: Manifest) => new Set(staticClosure(manifest, ['index.html']));

/** What every page loads first that index.html does not link yet: the app the entry boots after the first paint. */
export function indexPreloads(manifest: Manifest): string[] {
  const linked = linkedByVite(manifest);
  return initialFiles(manifest, []).filter((file) => !linked.has(file));
}

/** For each page with a section: the files it loads first that Vite's index.html does not already link. */
export function routeEntries(manifest: Manifest, pages: PageBudget[] = PAGE_BUDGETS): { section: string; files: string[] }[] {
  const entry = linkedByVite(manifest);
  return pages
    .filter((page) => sectionOf(page.path))
    .map((page) => ({ section: sectionOf(page.path), files: initialFiles(manifest, page.loads).filter((file) => !entry.has(file)) }))
    .filter((route) => route.files.length > 0);
}

/** Writes routes/{section}.html for every page section after the build (before precompress compresses them). */
export function routeHtml(): Plugin {
  let outDir = 'dist';
  let base = '/';
  return {
    name: 'preflight-route-html',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
      base = config.base;
    },
    writeBundle() {
      const manifestPath = join(outDir, '.vite', 'manifest.json');
      if (!existsSync(manifestPath)) this.error(`no build manifest at ${manifestPath}`);
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
      const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
      writeFileSync(join(outDir, 'index.html'), withModulePreloads(indexHtml, indexPreloads(manifest), base));
      mkdirSync(join(outDir, 'routes'), { recursive: true });
      const routes = routeEntries(manifest);
      for (const { section, files } of routes) writeFileSync(join(outDir, 'routes', `${section}.html`), withModulePreloads(indexHtml, files, base));
      this.info(`page entries with their first chunks preloaded: ${routes.map((r) => r.section).join(', ')}`);
    },
  };
}
