import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a page renders on the server and while React hydrates what the server rendered; true otherwise. For
 * what the server cannot know the way the browser does (the reader's time zone): render the server's version first,
 * so hydration matches, and the browser's right after.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
