import { Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { publicConfigOf, type PublicConfigDto } from '../client-config/client-config.controller';
import { ShareLinksService } from './share-links.service';
import { SHARED_REPORT_PAGE } from './shared-page-preload';
import { SHARE_TOKEN_PATTERN } from './share-token';
import type { SharedReportDto } from './share.dto';

/** The web app's server renderer (client/src/entry-server.tsx, built to client/dist-server beside client/dist). */
export interface ClientRenderer {
  renderSharedReportPage(template: string, page: { path: string; token: string; config: PublicConfigDto; report: SharedReportDto }): Promise<string>;
}


/** Loads the renderer the client build made, or null when there is none (a build without it, or tests of the API alone). */
export async function loadClientRenderer(clientDistDir: string): Promise<ClientRenderer | null> {
  const file = join(clientDistDir, '..', 'dist-server', 'entry-server.mjs');
  return existsSync(file) ? ((await import(pathToFileURL(file).href)) as ClientRenderer) : null;
}

/**
 * The shared report page with the report in its HTML: a client opening the link sees it as soon as the HTML
 * arrives, before a phone has downloaded and run the app's scripts, which then take the page over (hydrate). The
 * report is read exactly as GET /public/prevention/share/{token} reads it (ShareLinksService.openShared): the same
 * expiry, revocation and redaction. Any other case (another page, a bad or dead link, no renderer) answers null, and
 * the page is served as the app renders it in the browser.
 */
@Injectable()
export class SharedPageRenderer {
  private readonly logger = new Logger(SharedPageRenderer.name);
  private renderer: Promise<ClientRenderer | null> | null = null;

  constructor(
    private readonly shareLinks: ShareLinksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Replaced in tests. */
  protected load(): Promise<ClientRenderer | null> {
    return loadClientRenderer(this.config.clientDistDir);
  }

  async render(path: string, template: () => Promise<string>): Promise<string | null> {
    const token = SHARED_REPORT_PAGE.exec(path)?.[1];
    if (!token || !SHARE_TOKEN_PATTERN.test(token)) return null;
    this.renderer ??= this.load().catch((error: unknown) => {
      this.logger.error(`the client's server renderer did not load: ${String(error)}`);
      return null;
    });
    const renderer = await this.renderer;
    if (!renderer) return null;
    try {
      const report = await this.shareLinks.openShared(token);
      return await renderer.renderSharedReportPage(await template(), { path, token, config: publicConfigOf(this.config), report });
    } catch (error) {
      // A dead link: the page says Report Not Found itself. Any other fault: the browser can still render the page,
      // so it costs speed, not the page.
      if (!(error instanceof NotFoundException)) this.logger.error(`server rendering of a shared report failed: ${String(error)}`);
      return null;
    }
  }
}
