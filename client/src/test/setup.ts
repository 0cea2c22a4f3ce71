import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no matchMedia: by default nothing matches (motion allowed, no min-width query satisfied).
const noMatch = ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;

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
