/**
 * API origin: `VITE_API_BASE_URL` at build time, else the page origin ('' on the server, which never calls the API).
 * Its own module, in the entry's chunk: the entry requests a report with it before the app has loaded (earlyReport.ts).
 */
export const API_BASE_URL: string =
  (import.meta.env.VITE_API_BASE_URL as string | undefined) || (typeof window === 'undefined' ? '' : window.location.origin);
