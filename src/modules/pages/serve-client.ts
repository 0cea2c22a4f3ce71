import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';
import { compressText, PRECOMPRESSED, pickEncoding } from '../../common/content-encoding';
import { isDatabaseUnavailable } from '../../common/outage';

const HASHED = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built single-page app at /app/ with deep-link fallback (a reload on /app/analysis?id=x returns
 * index.html, or the analysis section's own entry when the build made one), and sends / to /app/. Files the build precompressed (client/build/precompress.ts) go out as the
 * brotli or gzip copy the browser accepts. Hashed assets are cached for a year; index.html and the rest revalidate;
 * source maps only when asked (development).
 */
/** What a page renderer reads of a request for a page's HTML. */
export interface PageRequest {
  /** e.g. /app/analysis */
  path: string;
  /** The path with its query, e.g. /app/analysis?id=… */
  url: string;
  /** The Cookie header, if any. */
  cookie: string | undefined;
}

export interface ServeClientOptions {
  /** Serve source maps (development only: they show our source). */
  sourceMaps?: boolean;
  /** A `Link` header to send with a page, e.g. a preload of the data it fetches first; null for none. */
  linkFor?: (path: string) => string | null;
  /**
   * The page rendered on the server from its HTML entry (`template()` reads it, only when the page is rendered), or
   * null to serve the entry as it is (the app renders in the browser). A rendered page holds its viewer's data: never
   * stored by caches.
   */
  renderPage?: (page: PageRequest, template: () => Promise<string>) => Promise<string | null>;
}

export function serveClient(app: Pick<NestExpressApplication, 'getHttpAdapter'>, distDir: string, { sourceMaps = false, linkFor, renderPage }: ServeClientOptions = {}): boolean {
  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.get('/', (_req, res) => res.redirect(302, '/app/'));
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return false;

  // Source maps are built for error tracking but show our source: served only outside production.
  if (!sourceMaps) http.use('/app', (req, res, next) => (req.path.endsWith('.map') ? res.status(404).end() : next()));

  const cacheControlFor = (relative: string) => (relative.startsWith(`assets${sep}`) ? HASHED : REVALIDATE);
  // Both the asset route and the fallback answer through here, so index.html is compressed too.
  const send = (req: express.Request, res: express.Response, next: express.NextFunction, relative: string) => {
    // A browser that navigates away mid-file aborts it: nothing to report then.
    const done = (error?: Error & { code?: string }) => error && error.code !== 'ECONNABORTED' && !res.headersSent && next(error);
    res.setHeader('Cache-Control', cacheControlFor(relative));
    const available = PRECOMPRESSED.filter((copy) => existsSync(join(distDir, relative + copy.suffix)));
    if (available.length > 0) res.vary('Accept-Encoding');
    const copy = pickEncoding(req.headers['accept-encoding'], available);
    if (!copy) return res.sendFile(relative, { root: distDir }, done);
    // The type is the original file's, not the copy's (.br/.gz); `send` keeps a Content-Type already set.
    res.type(extname(relative));
    res.setHeader('Content-Encoding', copy.encoding);
    res.sendFile(relative + copy.suffix, { root: distDir }, done);
  };

  http.use('/app', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Relative to the app folder (sendFile's root refuses `..`), so a checkout under a dot folder still serves it.
    let relative: string;
    try {
      relative = normalize(decodeURIComponent(req.path)).replace(/^[/\\]+/, '');
    } catch {
      return next();
    }
    if (!relative || relative.startsWith('..') || !existsSync(join(distDir, relative)) || relative.endsWith('.br') || relative.endsWith('.gz')) {
      return next();
    }
    if (!extname(relative)) return next(); // a folder: the app's routes, answered with index.html below
    send(req, res, next, relative);
  });
  // A page section's own entry (routes/{section}.html, client/build/routeEntries.ts) preloads the chunks that page
  // loads first; index.html for the rest.
  const entryFor = (path: string) => {
    const section = /^\/app\/([a-z-]+)/.exec(path)?.[1];
    const routeEntry = section ? join('routes', `${section}.html`) : null;
    return routeEntry && existsSync(join(distDir, routeEntry)) ? routeEntry : 'index.html';
  };
  const sendRendered = (req: express.Request, res: express.Response, html: string) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.vary('Accept-Encoding');
    res.type('html');
    const copy = pickEncoding(req.headers['accept-encoding']);
    if (!copy) return res.send(html);
    res.setHeader('Content-Encoding', copy.encoding);
    res.send(compressText(html, copy.encoding));
  };
  http.get(['/app', '/app/*splat'], (req, res, next) => {
    const entry = entryFor(req.path);
    const page: PageRequest = { path: req.path, url: req.originalUrl, cookie: req.headers.cookie };
    const rendered = renderPage ? renderPage(page, () => readFile(join(distDir, entry), 'utf8')) : Promise.resolve(null);
    rendered.then((html) => {
      if (html) return sendRendered(req, res, html);
      const link = linkFor?.(req.path);
      if (link) res.setHeader('Link', link);
      send(req, res, next, entry);
    }, (error: unknown) => {
      // The database is away: the plain page still loads, and its API calls answer 503 until it is back.
      if (isDatabaseUnavailable(error)) return send(req, res, next, entry);
      next(error);
    });
  });
  return true;
}
