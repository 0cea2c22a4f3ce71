import '@fontsource-variable/inter';
import '@fontsource-variable/plus-jakarta-sans';
import { startTransition, StrictMode } from 'react';
import { config as zodConfig } from 'zod/v4/core';
import { createRoot } from 'react-dom/client';
import { App, ROUTER_BASENAME } from './app/App';
import { preloadFirstPage } from './app/routes';

// Zod (the shared report schema) probes whether it may compile validators with `new Function`; under our content
// security policy (no 'unsafe-eval') that probe is a CSP violation in the console. Validate without compiling.
zodConfig({ jitless: true });

preloadFirstPage(window.location.pathname.slice(ROUTER_BASENAME.length));

// A transition: React renders the first page in slices and leaves the main thread free between them.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
