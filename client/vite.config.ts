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
            // its imports before the first paint. Vite's preload helper too (the entry's dynamic imports use it): a shared
            // module with a lazy part brings it into the group below, whose chunk then joined others, and the entry
            // loaded React and the theme before the first paint.
            { name: 'entry', test: /client[\\/]src[\\/]lib[\\/]|@fontsource|vite[\\/]preload-helper/ },
            // The sign-in page's own pieces (its chunk is its own: src/app/routes.tsx), split by which pages use them (the
            // testimonial and its rating: sign-in and upload), none merged. Left to the group below, these small pieces
            // joined the nearest chunk of the report pages, and sign-in then loaded that chunk's form fields and menus.
            // Only these modules: what they import (MUI's core) stays where it is.
            {
              name: 'signin',
              test: /client[\\/]src[\\/]shared[\\/]components[\\/]TestimonialCard|@mui[\\/]material[\\/](Rating|Divider|internal[\\/]svg-icons[\\/]Star)|@mui[\\/](material[\\/])?utils[\\/](useControlled|visuallyHidden)|@mui[\\/]icons-material[\\/](ArrowBackRounded|CheckRounded|FormatQuoteRounded|Google|ShieldRounded)\./,
              includeDependenciesRecursively: false,
              entriesAware: true,
            },
            // The upload and report pages' pickers (toggle buttons, selects), split by which pages use them, none merged.
            // Left to the group below once sign-in and the 402 dialog had left the app shell, they joined a chunk of the
            // app shell's and of the pricing page's, and both loaded the form fields and menus (landing 219.6 KB, pricing
            // 262.1 KB instead of 192.4 and 239.0). A piece under the merge threshold joins the chunk whose pages are the
            // most alike, whatever that chunk imports: check every page's figure after moving a module in or out.
            {
              name: 'pickers',
              test: /client[\\/]src[\\/]shared[\\/]components[\\/](FeedbackStylePicker|PlatformPicker)/,
              includeDependenciesRecursively: false,
              entriesAware: true,
            },
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
