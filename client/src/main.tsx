import '@fontsource-variable/plus-jakarta-sans';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, ROUTER_BASENAME } from './app/App';
import { preloadFirstPage } from './app/routes';

// The first page's chunk (preloaded by its HTML entry) is in before the first render: the page renders at once, with
// no spinner between (routes.tsx, splitPage). Until then the boot spinner of index.html shows.
void preloadFirstPage(window.location.pathname.slice(ROUTER_BASENAME.length), window.location.search).then(() =>
  // A transition: React renders the first page in slices and leaves the main thread free between them.
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
