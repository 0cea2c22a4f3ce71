// m:ss rules live in the shared package (one place for the web app, the server and the PDF).
export { formatDuration, formatTimestamp, parseTimestamp, sortByTimestamp } from '@preflight/shared';

/** A report's date and time as a creator reads it, e.g. "24 Nov 2026, 15:07" ('' for a date that is not one). */
export const formatDateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
};
