/**
 * The cookie that lets the server render a signed-in creator's pages with their content in the HTML: the report page
 * (`/app/analysis?id=…`, with the report), the dashboard (with their name) and the pricing page (its offer as it reads
 * to them). It holds the creator's Firebase ID
 * token, the same token the browser already keeps and sends as a bearer header, and travels only with requests for
 * those pages' HTML (one cookie per path) from this site (SameSite=Strict). The server reads it for nothing else:
 * every API call still needs the bearer header.
 */
export const PAGE_SESSION_COOKIE = 'preflight_page_session';
export const REPORT_PAGE_PATH = '/app/analysis';
export const DASHBOARD_PAGE_PATH = '/app/dashboard';
export const PRICING_PAGE_PATH = '/app/pricing';
export const PAGE_SESSION_PATHS = [REPORT_PAGE_PATH, DASHBOARD_PAGE_PATH, PRICING_PAGE_PATH] as const;
