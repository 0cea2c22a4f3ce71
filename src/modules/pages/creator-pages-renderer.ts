import { HttpException, Inject, Injectable } from '@nestjs/common';
import { DASHBOARD_PAGE_PATH, PRICING_PAGE_PATH, REPORT_PAGE_PATH } from '@preflight/shared';
import type { PageRequest } from './serve-client';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { Authenticator, type RequestAuth, type VerifiedIdentity } from '../auth';
import { publicConfigOf } from '../client-config';
import { ClientRenderedPages, type ClientRenderer } from './client-renderer';
import { ReportAccess, SignedReportReader } from '../reports';

const REPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** What one page needs to render for its creator: the client renderer's call, or null when this request is not for it. */
type PageRender = (renderer: ClientRenderer, template: string, creator: SessionCreator) => Promise<string | null>;
interface SessionCreator {
  auth: RequestAuth;
  identity: VerifiedIdentity;
}

/**
 * A signed-in creator's own pages with their content in the HTML, so each shows as the HTML arrives instead of after a
 * phone has downloaded and run the app's scripts (and then fetched the data):
 * - the report page (`/app/analysis?id=…`), with the report read exactly as GET /reports/{id}_data/report.json reads
 *   it for a bearer token: the same verification (Authenticator), access rule (ReportAccess, 'report.read') and signed
 *   frame URLs;
 * - the dashboard, with the creator's name (their list of analyses loads in the browser, as before);
 * - the pricing page, its offer as it reads to them (a visitor without the cookie gets the signed-out one:
 *   src/modules/pages/public-pages-renderer.ts).
 *
 * The creator is known from the page session cookie (the ID token the browser already holds: @preflight/shared,
 * page-session.ts). Anything else (no or a bad cookie, a report that is not theirs or not finished, no renderer)
 * answers null: the browser renders the page as before and says what is wrong itself.
 */
@Injectable()
export class CreatorPagesRenderer extends ClientRenderedPages {
  constructor(
    private readonly authenticator: Authenticator,
    private readonly access: ReportAccess,
    private readonly reader: SignedReportReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(config.clientDistDir);
  }

  async render(page: PageRequest, template: () => Promise<string>): Promise<string | null> {
    const render = this.pageFor(page);
    if (!render) return null;
    const renderer = await this.clientRenderer();
    if (!renderer) return null;
    try {
      const creator = await this.authenticator.session(page.cookie);
      if (!creator) return null;
      return await render(renderer, await template(), creator);
    } catch (error) {
      // Not theirs, gone, or a token the API would refuse: the page says so itself. Any other fault costs speed, not the page.
      if (!(error instanceof HttpException)) this.logger.error(`server rendering of ${page.path} failed: ${String(error)}`);
      return null;
    }
  }

  /** How the requested page renders for its creator; null for a page this does not render (or a bad report id). */
  private pageFor(page: PageRequest): PageRender | null {
    const path = page.path.replace(/\/+$/, '');
    const config = publicConfigOf(this.config);
    if (path === DASHBOARD_PAGE_PATH) {
      return (renderer, template, { identity }) => renderer.renderDashboardPage(template, { path: page.url, config, session: sessionOf(identity) });
    }
    // With a query (a checkout's return), the page reacts to it as it renders: left to the browser.
    if (path === PRICING_PAGE_PATH && page.url === page.path) {
      return (renderer, template, { identity }) => renderer.renderPricingPage(template, { path: page.url, config, session: sessionOf(identity) });
    }
    if (path !== REPORT_PAGE_PATH) return null;
    const reportId = new URL(page.url, 'http://page').searchParams.get('id');
    if (!reportId || !REPORT_ID.test(reportId)) return null;
    return async (renderer, template, { auth, identity }) => {
      const { report } = await this.access.requireReport(auth, reportId.toLowerCase(), 'report.read');
      if (report.status !== 'completed') return null;
      const data = await this.reader.read(report, null);
      return renderer.renderAnalysisPage(template, { path: page.url, reportId, config, session: sessionOf(identity), report: data });
    };
  }
}

/** The creator as the app renders them (the server renders with no token: it makes no API calls). */
function sessionOf({ uid, name, email }: VerifiedIdentity) {
  return { uid, displayName: name ?? null, email: email ?? null };
}
