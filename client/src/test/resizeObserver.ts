import { vi } from 'vitest';

/** jsdom has no ResizeObserver; the retention chart sizes itself with one. Call in beforeAll. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
