import { Inject, Injectable } from '@nestjs/common';
import { PRICING_PAGE_PATH } from '@preflight/shared';
import type { PageRequest } from './serve-client';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { publicConfigOf, type PublicConfigDto } from '../client-config';
import { ClientRenderedPages, type ClientRenderer } from './client-renderer';

/** How each public page renders for a visitor the server does not know: by its path, without a query. */
const PUBLIC_PAGES: Record<string, (renderer: ClientRenderer, template: string, config: PublicConfigDto) => Promise<string>> = {
  // The landing page shows nothing of who is signed in: the same for everyone.
  '/app/': (renderer, template, config) => renderer.renderLandingPage(template, { path: '/app/', config }),
  // The pricing page as it reads signed out (a creator's page cookie gets theirs: src/modules/pages/creator-pages-renderer.ts).
  [PRICING_PAGE_PATH]: (renderer, template, config) => renderer.renderPricingPage(template, { path: PRICING_PAGE_PATH, config, session: null }),
};

/**
 * The public pages with their content in the HTML, so a first-time visitor sees them as soon as the HTML arrives
 * instead of after a phone has downloaded and run the app's scripts. They are the same for every visitor the server
 * does not know, so each is rendered once per process and kept. A request with a query, another page, or any fault
 * answers null: the browser renders the page as before.
 */
@Injectable()
export class PublicPagesRenderer extends ClientRenderedPages {
  private readonly rendered = new Map<string, Promise<string | null>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super(config.clientDistDir);
  }

  render(page: PageRequest, template: () => Promise<string>): Promise<string | null> {
    const path = page.path === '/app' ? '/app/' : page.path;
    if (!(path in PUBLIC_PAGES) || page.url !== page.path) return Promise.resolve(null);
    let html = this.rendered.get(path);
    if (!html) {
      html = this.renderOnce(path, template);
      this.rendered.set(path, html);
    }
    return html;
  }

  private async renderOnce(path: string, template: () => Promise<string>): Promise<string | null> {
    const renderer = await this.clientRenderer();
    if (!renderer) return null;
    try {
      return await PUBLIC_PAGES[path](renderer, await template(), publicConfigOf(this.config));
    } catch (error) {
      this.logger.error(`server rendering of ${path} failed: ${String(error)}`);
      this.rendered.delete(path); // tried again on the next visit
      return null;
    }
  }
}
