import { HttpException, Inject, Injectable } from '@nestjs/common';
import { REPORT_PAGE_PATH, REPORT_PAGE_SESSION_COOKIE } from '@preflight/shared';
import type { PageRequest } from '../../common/serve-client';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { TokenVerifier } from '../auth/token-verifier';
import { publicConfigOf } from '../client-config/client-config.controller';
import { ClientRenderedPages } from '../client-config/client-renderer';
import { ReportAccessService } from './report-access.service';
import { SignedReportReader } from './signed-report-data';

const REPORT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A JWT's three base64url parts (the Auth emulator's unsigned tokens have an empty third part). */
const JWT = /^[\w-]+\.[\w-]+\.[\w-]*$/;
const MAX_TOKEN_LENGTH = 4096;

/** One cookie's value from a Cookie header; null when it is not there. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of header?.split(';') ?? []) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return null;
}

/**
 * A creator's own report page (`/app/analysis?id=…`) with the report in its HTML, so it shows as the HTML arrives
 * instead of after a phone has downloaded and run the app's scripts and then fetched the report. The creator is
 * known from the report page's cookie (the ID token the browser already holds: @preflight/shared,
 * report-page-session.ts), and the report is read exactly as GET /reports/{id}_data/report.json reads it for a bearer
 * token: the same verification, ownership check and signed frame URLs. Anything else (no or a bad cookie, a report that
 * is not theirs or not finished, no renderer) answers null: the browser renders the page as before and says what is
 * wrong itself.
 */
@Injectable()
export class AnalysisPageRenderer extends ClientRenderedPages {
  constructor(
    private readonly verifier: TokenVerifier,
    private readonly access: ReportAccessService,
    private readonly reader: SignedReportReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(config.clientDistDir);
  }

  async render(page: PageRequest, template: () => Promise<string>): Promise<string | null> {
    if (page.path.replace(/\/+$/, '') !== REPORT_PAGE_PATH) return null;
    const reportId = new URL(page.url, 'http://page').searchParams.get('id');
    const token = cookieValue(page.cookie, REPORT_PAGE_SESSION_COOKIE);
    if (!reportId || !REPORT_ID.test(reportId) || !token || token.length > MAX_TOKEN_LENGTH || !JWT.test(token)) return null;
    const renderer = await this.clientRenderer();
    if (!renderer) return null;
    try {
      const auth = await this.verifier.authenticate(`Bearer ${token}`);
      if (auth.kind !== 'verified') return null;
      const { report } = await this.access.resolveAccess(reportId.toLowerCase(), { authorization: `Bearer ${token}` });
      if (report.status !== 'completed') return null;
      const data = await this.reader.read(report, null);
      const { uid, name, email } = auth.identity;
      const session = { uid, displayName: name ?? null, email: email ?? null };
      return await renderer.renderAnalysisPage(await template(), { path: page.url, reportId, config: publicConfigOf(this.config), session, report: data });
    } catch (error) {
      // Not theirs, gone, or a token the API would refuse: the page says so itself. Any other fault costs speed, not the page.
      if (!(error instanceof HttpException)) this.logger.error(`server rendering of a report page failed: ${String(error)}`);
      return null;
    }
  }
}
