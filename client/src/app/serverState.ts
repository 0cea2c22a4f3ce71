import type { DehydratedState } from '@tanstack/react-query';
import { RENDERED_FOR_ATTRIBUTE, renderedForThisBrowser, SERVER_STATE_ID } from '../lib/renderedPage';

// The data a server-rendered page was rendered with, carried in its HTML so the app hydrates from the same data
// instead of fetching it again. A JSON data block, not a script: the CSP allows no inline scripts, and data blocks
// never run.

/**
 * The `<script type="application/json">` element holding `state`; `<` escaped so no text in it can end the element.
 * `renderedFor`, on a page that shows who is signed in: the creator's uid, or null for nobody (renderedPage.ts).
 */
export function serverStateElement(state: DehydratedState, renderedFor?: string | null): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  const mark = renderedFor === undefined ? '' : ` ${RENDERED_FOR_ATTRIBUTE}="${escapeAttribute(renderedFor ?? '')}"`;
  return `<script type="application/json" id="${SERVER_STATE_ID}"${mark}>${json}</script>`;
}

/**
 * The state a server-rendered page carries, when the app can take the page over as rendered (renderedPage.ts); null
 * for a page the browser renders itself.
 */
export function readServerState(doc: Document = document): DehydratedState | null {
  if (!renderedForThisBrowser(doc)) return null;
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null; // the page renders itself, as if it had none
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
