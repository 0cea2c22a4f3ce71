import '@fontsource-variable/plus-jakarta-sans';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, ROUTER_BASENAME } from './app/App';
import { preloadFirstPage } from './app/routes';

preloadFirstPage(window.location.pathname.slice(ROUTER_BASENAME.length));

// A transition: React renders the first page in slices and leaves the main thread free between them.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
