import { readRememberedSession, type RememberedSession } from './rememberedSession';

/** The data block a server-rendered page carries (app/serverState.ts writes it). */
export const SERVER_STATE_ID = 'preflight-state';
/**
 * On that block, for a page that shows who is signed in: the uid of the creator it was rendered for, empty for nobody.
 * A page that is the same for everyone (the landing page, a shared report) has none.
 */
export const RENDERED_FOR_ATTRIBUTE = 'data-rendered-for';

/**
 * Whether the app can take over the page the server rendered as it is: it is the same for everyone, or was rendered
 * for the creator this browser remembers, or for nobody when it remembers none. Otherwise (a signed-in creator whose
 * page cookie had expired got the signed-out page, or the cookie and this browser name different creators) the app's
 * first render would differ from the HTML, and the app renders the page itself instead of hydrating it.
 */
export function renderedForThisBrowser(doc: Document = document, remembered: RememberedSession | null = readRememberedSession()): boolean {
  const state = doc.getElementById(SERVER_STATE_ID);
  if (!state) return false;
  return !state.hasAttribute(RENDERED_FOR_ATTRIBUTE) || state.getAttribute(RENDERED_FOR_ATTRIBUTE) === (remembered?.uid ?? '');
}
