import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { jsBudget } from './build/jsBudget';
import { precompress } from './build/precompress';
import { routeHtml } from './build/routeEntries';

/** Where the dev server proxies API calls; PREFLIGHT_API_URL overrides (e.g. a second local API). */
const API_TARGET = process.env.PREFLIGHT_API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/api', '/public', '/reports', '/debug'];

/**
 * The server build (`vite build --ssr src/entry-server.tsx`): the shared report page's renderer, which the API runs
 * (src/modules/share). One self-contained module with every dependency bundled, so the API needs nothing of the
 * client's packages at run time.
 */
const SERVER_BUILD = {
  outDir: 'dist-server',
  emptyOutDir: true,
  copyPublicDir: false,
  rolldownOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
};

/**
 * React Router's production build. Its package exports only the development build (remix-run/react-router#12532,
 * #14102), whose warnings and checks then run in every creator's browser; React Router took 10–25 ms of a page
 * load's main thread in it (CPU profile of the dashboard and report pages).
 */
const REACT_ROUTER_PRODUCTION = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/dist[\\/]development[\\/]index\.m?js$/, 'dist/production/index.mjs');

export default defineConfig(({ isSsrBuild, mode }) => ({
  base: '/app/',
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] } : {},
  // routeHtml writes the page entries before precompress compresses the output.
  plugins: isSsrBuild ? [react()] : [react(), routeHtml(), precompress(), jsBudget()],
  ssr: { noExternal: true },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  build: isSsrBuild ? SERVER_BUILD : {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for error tracking, without a sourceMappingURL in the bundles; the API serves them only outside production.
    sourcemap: 'hidden',
    // Read by the JS budget check (build/jsBudget.ts): which chunks each page loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: they change less often than the app and cache across deploys.
        codeSplitting: {
          groups: [
            { name: 'firebase', test: /node_modules[\\/](@firebase|firebase)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // The upload client, for the upload page alone (left to the group below, its merging put it on the report page).
            { name: 'tus', test: /node_modules[\\/](tus-js-client|url-parse|js-base64|querystringify|requires-port)[\\/]/ },
            // What the entry imports itself (main.tsx: src/lib, with the paint wait and the early report request, and the
            // heading font): left to the group below, it joined a page chunk, and the entry then loaded that chunk and
            // its imports before the first paint.
            { name: 'entry', test: /client[\\/]src[\\/]lib[\\/]|@fontsource/ },
            // Shared code (MUI, the app's shared modules) split by which pages use it, each page loading only what it
            // renders; pieces under 10 KB join their nearest neighbour. Left to itself the split made 20–26 files per
            // page, most a few KB: on a phone's connection (HTTP/1.1, six per origin) each costs a round trip.
            {
              name: 'common',
              test: /node_modules|client[\\/]src[\\/](shared|theme)|packages[\\/]shared|[\\/]sdk[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 10_000,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    restoreMocks: true,
    // Tests wait for state (findBy*, waitFor), never for time; these are only the ceilings, sized for a machine whose
    // cores are all busy (a loaded CI box took 1.4 s for a lazy page that renders in 50 ms when idle).
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
}));
