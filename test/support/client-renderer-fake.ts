import type { ClientRenderer } from '../../src/modules/pages/client-renderer';

const notThisPage = () => Promise.reject(new Error('not this page'));

/** A client renderer for tests: the pages given, and every other page failing as not expected. */
export function clientRendererWith(pages: Partial<ClientRenderer>): ClientRenderer {
  return { renderLandingPage: notThisPage, renderPricingPage: notThisPage, renderSharedReportPage: notThisPage, renderAnalysisPage: notThisPage, renderDashboardPage: notThisPage, ...pages };
}
