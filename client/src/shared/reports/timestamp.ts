// m:ss rules live in the shared package (one place for the web app, the server and the PDF).
export { formatDuration, formatTimestamp, parseTimestamp, sortByTimestamp } from '@preflight/shared';

// One formatter for every date: `toLocaleString` with options builds a new one per call (the dashboard formats one per card).
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A report's date and time as a creator reads it, e.g. "24 Nov 2026, 15:07" ('' for a date that is not one). */
export const formatDateTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
};
