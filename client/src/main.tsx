import '@fontsource-variable/plus-jakarta-sans';
import { afterFirstContentfulPaint } from './lib/afterFirstContentfulPaint';
import { holdEarlyClicks } from './lib/earlyClicks';
import { renderedForThisBrowser } from './lib/renderedPage';
import { requestReportEarly } from './lib/earlyReport';

// The report a remembered creator opens is requested at once, beside the app's scripts (earlyReport.ts), unless the
// server rendered the page with it for this browser's creator (renderedPage.ts). A rendered page's buttons show before
// the app can answer them: the last one pressed is pressed again once it can (earlyClicks.ts).
if (renderedForThisBrowser()) holdEarlyClicks();
else requestReportEarly(window.location.pathname, window.location.search);

// The app's code (its chunks are already downloading: the page's HTML preloads them) runs only once the browser has
// shown what the HTML holds: the boot spinner, or the page the server rendered. Evaluating half a megabyte of script
// first would hold that paint back by as long on a phone.
afterFirstContentfulPaint(() => void startApp());

/**
 * The app's modules run in three tasks, not one: the theme with the styling runtime it builds on (MUI's theme,
 * emotion, the toasts), then the app's providers (data cache, toasts, MUI's baseline), then the rest. On a phone a
 * single task for all of it blocks input for a quarter of a second.
 */
async function startApp(): Promise<void> {
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  await import('./theme');
  await nextTask();
  await import('./app/AppProviders');
  await nextTask();
  await import('./boot');
}
