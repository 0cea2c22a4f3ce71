import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from '../../config/app-config';
import { RedisThrottlerStorage } from '../../common/rate-limit/redis-throttler.storage';
import { CreatorPagesRenderer } from './creator-pages-renderer';
import { PublicPagesRenderer } from './public-pages-renderer';
import { serveClient } from './serve-client';
import { limitSharedPages } from './shared-page-limit';
import { sharedPagePreload } from './shared-page-preload';
import { SharedPageRenderer } from './shared-page-renderer';

/**
 * Mounts the web app at /app/: the shared-report pages' rate limit, then the files, each page rendered on the server
 * by the first renderer that knows it. False when the web app is not built (the API runs alone).
 */
export function servePages(app: NestExpressApplication, config: AppConfig): boolean {
  app.use(limitSharedPages(app.get(RedisThrottlerStorage)));
  const sharedPages = app.get(SharedPageRenderer);
  const creatorPages = app.get(CreatorPagesRenderer);
  const publicPages = app.get(PublicPagesRenderer);
  return serveClient(app, config.clientDistDir, {
    sourceMaps: config.env !== 'production',
    linkFor: sharedPagePreload,
    // A creator's page first (the pricing page reads differently to them), then the same page for everyone.
    renderPage: async (page, template) =>
      (await sharedPages.render(page.path, template)) ?? (await creatorPages.render(page, template)) ?? (await publicPages.render(page, template)),
  });
}
