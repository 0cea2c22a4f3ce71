import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, ROUTER_BASENAME } from './app/App';
import { createQueryClient } from './app/AppProviders';
import { preloadFirstPage } from './app/routes';
import { readServerState } from './app/serverState';
import { replayEarlyClicks, stopHoldingEarlyClicks } from './lib/earlyClicks';

const root = document.getElementById('root')!;
const serverState = readServerState();
const queryClient = createQueryClient();
if (serverState) hydrate(queryClient, serverState);

/** Once React has taken over a server-rendered page, the button pressed before that is pressed again (earlyClicks.ts). */
function AfterHydration({ children }: { children: ReactNode }) {
  useEffect(() => replayEarlyClicks(), []);
  return children;
}

const app = (
  <StrictMode>
    <AfterHydration>
      <App queryClient={queryClient} />
    </AfterHydration>
  </StrictMode>
);

// The first page's chunk (preloaded by its HTML entry) is in before the first render: the page renders at once, with
// no spinner between (routes.tsx, splitPage). Until then the HTML shows: the boot spinner, or the page the server
// rendered (the landing page, a report, a dashboard), which React then takes over as it is.
void preloadFirstPage(window.location.pathname.slice(ROUTER_BASENAME.length)).then(() => {
  // A transition: React renders (or hydrates) the first page in slices and leaves the main thread free between them;
  // outside one, hydration is a single task as long as the page (160–200 ms on a phone for a report).
  startTransition(() => {
    if (serverState) {
      stopHoldingEarlyClicks();
      hydrateRoot(root, app);
    } else {
      createRoot(root).render(app);
    }
  });
});
