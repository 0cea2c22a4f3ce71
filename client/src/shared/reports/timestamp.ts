// m:ss rules live in the shared package (one place for the web app, the server and the PDF).
export { formatTimestamp, parseTimestamp, sortByTimestamp } from '@preflight/shared';
