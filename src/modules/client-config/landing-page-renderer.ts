import { Inject, Injectable } from '@nestjs/common';
import type { PageRequest } from '../../common/serve-client';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { publicConfigOf } from './client-config.controller';
import { ClientRenderedPages } from './client-renderer';

/** The landing page's paths: the app's root, with or without its trailing slash, and no query. */
const LANDING_PAGE = /^\/app\/?$/;

/**
 * The landing page with its content in the HTML, so a first-time visitor sees it as soon as the HTML arrives instead
 * of after a phone has downloaded and run the app's scripts. It is the same for every visitor (it shows nothing of who
 * is signed in), so it is rendered once per process and kept. A request with a query, or any fault, answers null: the
 * browser renders the page as before.
 */
@Injectable()
export class LandingPageRenderer extends ClientRenderedPages {
  private page: Promise<string | null> | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super(config.clientDistDir);
  }

  async render(page: PageRequest, template: () => Promise<string>): Promise<string | null> {
    if (!LANDING_PAGE.test(page.path) || page.url !== page.path) return null;
    this.page ??= this.renderOnce(template);
    return this.page;
  }

  private async renderOnce(template: () => Promise<string>): Promise<string | null> {
    const renderer = await this.clientRenderer();
    if (!renderer) return null;
    try {
      return await renderer.renderLandingPage(await template(), { path: '/app/', config: publicConfigOf(this.config) });
    } catch (error) {
      this.logger.error(`server rendering of the landing page failed: ${String(error)}`);
      this.page = null; // tried again on the next visit
      return null;
    }
  }
}
