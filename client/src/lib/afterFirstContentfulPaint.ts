import { afterNextPaint } from './afterNextPaint';

/** However the page paints, the app starts by then: a page whose first frame has no content still gets its app. */
const LATEST_START_MS = 1_000;

/**
 * Runs `task` once, when the browser has shown the page's first content (the paint timing entry for it arrives after
 * the frame is on screen, not when it is drawn). Where paint timing is missing, or the page is hidden and paints
 * nothing, it runs after the next frame instead.
 */
export function afterFirstContentfulPaint(task: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(latest);
    task();
  };
  const latest = setTimeout(once, LATEST_START_MS);
  const observable = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  const observer = observable && document.visibilityState !== 'hidden' ? new PerformanceObserver((list) => list.getEntriesByName('first-contentful-paint').length > 0 && once()) : null;
  if (observer) observer.observe({ type: 'paint', buffered: true });
  else afterNextPaint(once);
}
