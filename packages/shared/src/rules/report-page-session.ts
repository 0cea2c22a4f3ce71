/**
 * The cookie that lets the server render a creator's report page (`/app/analysis?id=…`) with the report in its HTML.
 * It holds the signed-in creator's Firebase ID token, the same token the browser already keeps and sends as a bearer
 * header, and travels only with requests for that page's HTML (its path) from this site (SameSite=Strict). The
 * server reads it for nothing else: every API call still needs the bearer header.
 */
export const REPORT_PAGE_SESSION_COOKIE = 'preflight_report_page';
export const REPORT_PAGE_PATH = '/app/analysis';
