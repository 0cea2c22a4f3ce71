import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

import { mediaQueryList } from './mediaQuery';

// findBy*/waitFor poll for the awaited state; the default 1 s ceiling failed on a loaded machine, not on wrong state.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no matchMedia: by default nothing matches (motion allowed, no min-width query satisfied).
const noMatch = ((query: string) => mediaQueryList(query, false)) as typeof window.matchMedia;

const resetScreen = () => {
  if (typeof window === 'undefined') return; // node-environment tests (pure lib/ modules)
  window.matchMedia = noMatch;
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: 1024 });
};
resetScreen();

afterEach(() => {
  cleanup();
  resetScreen();
});
