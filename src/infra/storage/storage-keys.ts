/**
 * Where each file lives in the store. The layout is the one the local storage folder always had, so a key is also
 * the file's path below STORAGE_DIR.
 */
export const UPLOADS_PREFIX = 'uploads/';
export const REPORTS_PREFIX = 'reports/';

const SAFE_NAME = /^[\w.-]{1,200}$/;

function checked(name: string): string {
  if (!SAFE_NAME.test(name) || name === '.' || name === '..') throw new Error(`not a storage name: ${name}`);
  return name;
}

export const uploadKey = (name: string) => `${UPLOADS_PREFIX}${checked(name)}`;
/** `reports/<id>_data/`: report.json, frames/, and the PDF rendered after the frames expired. */
export const reportPrefix = (reportId: string) => `${REPORTS_PREFIX}${checked(reportId)}_data/`;
export const reportJsonKey = (reportId: string) => `${reportPrefix(reportId)}report.json`;
export const framesPrefix = (reportId: string) => `${reportPrefix(reportId)}frames/`;
export const frameKey = (reportId: string, file: string) => `${framesPrefix(reportId)}${checked(file)}`;

/** Frames, and the PDFs printed with them: what the 48-hour retention deletes. */
export const isFrameKey = (key: string) => /^reports\/[^/]+_data\/frames\//.test(key);

/** The last segment of a key (its "file name"). */
export const nameOf = (key: string) => key.slice(key.lastIndexOf('/') + 1);
