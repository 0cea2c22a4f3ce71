import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express from 'express';

/**
 * Serves the built single-page app at /app/ with deep-link fallback (a reload on /app/analysis?id=x returns
 * index.html), and sends / to /app/. Hashed assets are cached for a year; index.html never; source maps only when
 * asked (development).
 */
export function serveClient(app: Pick<NestExpressApplication, 'getHttpAdapter'>, distDir: string, { sourceMaps = false } = {}): boolean {
  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.get('/', (_req, res) => res.redirect(302, '/app/'));
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return false;

  // Source maps are built for error tracking but show our source: served only outside production.
  if (!sourceMaps) http.use('/app', (req, res, next) => (req.path.endsWith('.map') ? res.status(404).end() : next()));

  http.use(
    '/app',
    express.static(distDir, {
      index: false,
      setHeaders(res, path) {
        res.setHeader('Cache-Control', path.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  http.get(['/app', '/app/*splat'], (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    // Relative to the app folder, so a checkout that lives under a dot folder (~/.work/preflight) still serves it.
    res.sendFile('index.html', { root: distDir });
  });
  return true;
}
