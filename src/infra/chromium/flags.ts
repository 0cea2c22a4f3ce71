/**
 * Flags for every headless Chromium the project starts (the PDF renderer, the browser tests, bench:web). Chromium runs
 * as root in a container: no sandbox (root cannot use it) and no GPU; nothing reaches the network on its own (QUIC,
 * component updates, sync, background fetches).
 *
 * The omnibox's web UI stays off: from Chromium 156 (Debian's 156.0.8078.108) headless Chromium loads the address bar's
 * popup (chrome://omnibox-popup, about 400 files) into a renderer of its own as the browser starts: 1.7 s of CPU beside
 * a page load on this project's two cores, for a popup a headless browser never shows. (bench:web and bench:pdf figures
 * did not move measurably with it off; it is off so that nothing but the page competes for the cores.)
 */
export const HEADLESS_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=FullWebUIOmniboxFrame,OmniboxEverywhereComposebox',
];
