import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { publicConfigOf } from '../client-config';
import { ClientRenderedPages } from './client-renderer';
import { ShareLinksService } from '../share';
import { SHARED_REPORT_PAGE } from './shared-page-preload';
import { SHARE_TOKEN_PATTERN } from '../reports';

/**
 * The shared report page with the report in its HTML: a client opening the link sees it as soon as the HTML
 * arrives, before a phone has downloaded and run the app's scripts, which then take the page over (hydrate). The
 * report is read exactly as GET /public/prevention/share/{token} reads it (ShareLinksService.openShared): the same
 * expiry, revocation and redaction. Any other case (another page, a bad or dead link, no renderer) answers null, and
 * the page is served as the app renders it in the browser.
 */
@Injectable()
export class SharedPageRenderer extends ClientRenderedPages {
  constructor(
    private readonly shareLinks: ShareLinksService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(config.clientDistDir);
  }

  async render(path: string, template: () => Promise<string>): Promise<string | null> {
    const token = SHARED_REPORT_PAGE.exec(path)?.[1];
    if (!token || !SHARE_TOKEN_PATTERN.test(token)) return null;
    const renderer = await this.clientRenderer();
    if (!renderer) return null;
    try {
      // This view's one open: a page rendered here hydrates from its HTML and requests no data (a page served
      // without rendering counts at its data request instead, GET /public/prevention/share/{token}).
      const { link_id: _linkId, ...report } = await this.shareLinks.openSharedCounted(token);
      return await renderer.renderSharedReportPage(await template(), { path, token, config: publicConfigOf(this.config), report });
    } catch (error) {
      // A dead link: the page says Report Not Found itself. Any other fault: the browser can still render the page,
      // so it costs speed, not the page.
      if (!(error instanceof NotFoundException)) this.logger.error(`server rendering of a shared report failed: ${String(error)}`);
      return null;
    }
  }
}
