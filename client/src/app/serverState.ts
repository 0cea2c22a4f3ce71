import type { DehydratedState } from '@tanstack/react-query';

/**
 * The data a server-rendered page was rendered with, carried in its HTML so the app hydrates from the same data
 * instead of fetching it again. A JSON data block, not a script: the CSP allows no inline scripts, and data blocks
 * never run.
 */
const STATE_ID = 'preflight-state';

/** The `<script type="application/json">` element holding `state`; `<` escaped so no text in it can end the element. */
export function serverStateElement(state: DehydratedState): string {
  return `<script type="application/json" id="${STATE_ID}">${JSON.stringify(state).replace(/</g, '\\u003c')}</script>`;
}

/** The state a server-rendered page carries, or null for a page the browser renders itself. */
export function readServerState(doc: Document = document): DehydratedState | null {
  const text = doc.getElementById(STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null; // the page renders itself, as if it had none
  }
}
