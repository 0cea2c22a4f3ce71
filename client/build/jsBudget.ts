import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Vite's build manifest (build.manifest: true), keyed by source path; chunk keys start with `_`. */
export type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

export interface PageBudget {
  page: string;
  path: string;
  /** Modules the page loads on first view besides the entry: its lazy route chunk and, where it asks who is signed in, the auth SDK. */
  loads: string[];
  /**
   * Modules a signed-in page loads just after its first paint: the auth SDK, when the creator is remembered from the
   * last visit (src/lib/rememberedSession.ts). Not preloaded with the page; counted in its budget all the same,
   * since a visit without a remembered creator loads them first.
   */
  loadsAfterPaint?: string[];
  /** Initial JavaScript, gzip, in KB (1000 bytes). */
  budgetKb: number;
}

const AUTH = 'src/app/auth/firebaseSession.ts';
const page = (name: string) => `src/features/${name}.tsx`;

/**
 * The issue's budgets: the landing page ≤ 200 KB, the report pages ≤ 350 KB; the other pages share the report
 * budget. Charts are not in any page's first load: they load after the report (RetentionChart).
 */
export const PAGE_BUDGETS: PageBudget[] = [
  { page: 'landing', path: '/', loads: [], budgetKb: 200 },
  { page: 'login', path: '/login', loads: [page('auth/routes/LoginPage'), AUTH], budgetKb: 350 },
  { page: 'pricing', path: '/pricing', loads: [page('pricing/routes/PricingPage'), AUTH], budgetKb: 350 },
  { page: 'dashboard', path: '/dashboard', loads: [page('dashboard/routes/DashboardPage')], loadsAfterPaint: [AUTH], budgetKb: 350 },
  { page: 'upload', path: '/upload', loads: [page('upload/routes/UploadPage')], loadsAfterPaint: [AUTH], budgetKb: 350 },
  { page: 'analysis', path: '/analysis', loads: [page('analysis/routes/AnalysisPage')], loadsAfterPaint: [AUTH], budgetKb: 350 },
  { page: 'compare', path: '/compare', loads: [page('compare/routes/ComparePage')], loadsAfterPaint: [AUTH], budgetKb: 350 },
  { page: 'shared report', path: '/client/:token', loads: [page('analysis/routes/SharedReportPage')], budgetKb: 350 },
  { page: 'billing', path: '/billing', loads: [page('billing/routes/BillingPage')], loadsAfterPaint: [AUTH], budgetKb: 350 },
];

/** The app the entry starts once the HTML has painted (src/main.tsx): every page loads it first. */
export const APP_BOOT = 'src/boot.tsx';

/** The JS files of `keys` (manifest keys) and of everything they import statically; sorted. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest (renamed? update PAGE_BUDGETS)`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].sort();
}

/** The JS files a page loads before it can render: the entry, the app it boots, the page's modules, and their static imports. */
export function initialFiles(manifest: Manifest, loads: string[]): string[] {
  return staticClosure(manifest, ['index.html', APP_BOOT, ...loads]);
}

export interface PageMeasure extends PageBudget {
  files: string[];
  gzipBytes: number;
  rawBytes: number;
  over: boolean;
}

/** Measures each page's initial JavaScript in a build folder. */
export function measurePages(distDir: string, budgets: PageBudget[] = PAGE_BUDGETS): PageMeasure[] {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no build manifest at ${manifestPath}: build the client first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = readFileSync(join(distDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes).length };
      sizes.set(file, size);
    }
    return size;
  };
  return budgets.map((budget) => {
    const files = initialFiles(manifest, [...budget.loads, ...(budget.loadsAfterPaint ?? [])]);
    const gzipBytes = files.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
    const rawBytes = files.reduce((sum, file) => sum + sizeOf(file).raw, 0);
    return { ...budget, files, gzipBytes, rawBytes, over: gzipBytes > budget.budgetKb * 1000 };
  });
}

export function formatBudgetTable(rows: PageMeasure[]): string {
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  const lines = rows.map((r) => `${r.page.padEnd(14)} ${kb(r.gzipBytes).padStart(7)} KB gzip ${kb(r.rawBytes).padStart(8)} KB raw  budget ${r.budgetKb} KB${r.over ? '  OVER' : ''}`);
  return ['initial JavaScript per page', ...lines].join('\n');
}

/** Fails the build when a page's initial JavaScript is over its budget. */
export function jsBudget(): Plugin {
  let outDir = 'dist';
  return {
    name: 'preflight-js-budget',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const rows = measurePages(outDir);
      this.info(`\n${formatBudgetTable(rows)}`);
      const over = rows.filter((r) => r.over);
      if (over.length) this.error(`initial JavaScript over budget: ${over.map((r) => `${r.page} ${(r.gzipBytes / 1000).toFixed(1)} KB > ${r.budgetKb} KB`).join(', ')}`);
    },
  };
}
