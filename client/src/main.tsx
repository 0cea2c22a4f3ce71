import '@fontsource-variable/inter';
import '@fontsource-variable/plus-jakarta-sans';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// A transition: React renders the first page in slices and leaves the main thread free between them.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
