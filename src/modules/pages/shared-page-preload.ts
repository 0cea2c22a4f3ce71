import { SHARE_TOKEN_PATTERN } from '../reports';

/**
 * The public JSON a shared page fetches as soon as it runs, derived from the page's own path. Sent with the page as
 * a `Link: rel=preload` header, the browser downloads it beside the scripts instead of after them: on a phone's
 * connection the report is there when the app first renders. Only well-formed tokens are echoed into the header.
 */
/** The shared report page, its token captured. */
export const SHARED_REPORT_PAGE = /^\/app\/client\/([^/]+)\/?$/;

const SHARED_PAGES: { page: RegExp; data: (token: string) => string }[] = [
  { page: /^\/app\/client\/compare\/([^/]+)\/?$/, data: (token) => `/public/compare/share/${token}` },
  { page: SHARED_REPORT_PAGE, data: (token) => `/public/prevention/share/${token}` },
];

/** The `Link` header value that preloads a shared page's data, or null for any other page. */
export function sharedPagePreload(path: string): string | null {
  for (const { page, data } of SHARED_PAGES) {
    const token = page.exec(path)?.[1];
    if (token === undefined) continue;
    if (!SHARE_TOKEN_PATTERN.test(token)) return null;
    // crossorigin=anonymous: the same request mode and credentials as the app's fetch, so the browser reuses it.
    return `<${data(token)}>; rel=preload; as=fetch; crossorigin=anonymous`;
  }
  return null;
}
