/**
 * What a creator may upload (docs/product.md, "Upload rules"). The web app checks a file before sending it and the API
 * checks it again on receipt, both with these lists, limits and words.
 */

export const MAX_UPLOAD_MB = 1995;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

/** The upload page's queue holds at most this many files. */
export const MAX_FILES = 5;
export const MAX_FILES_MESSAGE = `Maximum ${MAX_FILES} files allowed`;

export const VIDEO_MIME_SUBTYPES = [
  'mp4', 'avi', 'mov', 'wmv', 'flv', 'quicktime', 'x-msvideo', 'x-ms-wmv', 'x-flv', 'webm', 'ogg', '3gpp', 'x-ms-asf',
] as const;

export const VIDEO_EXTENSIONS = [
  'mp4', 'avi', 'mov', 'wmv', 'flv', 'webm', 'ogg', 'ogv', '3gp', 'mkv', 'm4v', 'ts', 'mpeg', 'mpg', 'asf',
] as const;

export const SUPPORTED_FORMATS_TEXT = VIDEO_EXTENSIONS.map((e) => e.toUpperCase()).join(', ');

/** `accept` attribute of the file picker: the MIME types plus the extensions. */
export const ACCEPT_ATTRIBUTE = [...VIDEO_MIME_SUBTYPES.map((s) => `video/${s}`), ...VIDEO_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** Lower-case extension of a file name without the dot; '' for none or a dot file. Path separators count. */
function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** Accepted when the MIME type is one of the video types, or the file name has one of the extensions. */
export function isAcceptedVideo(filename: string, mimeType: string | undefined | null): boolean {
  const mime = (mimeType ?? '').toLowerCase();
  const byMime = mime.startsWith('video/') && (VIDEO_MIME_SUBTYPES as readonly string[]).includes(mime.slice(6));
  return byMime || (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(filename));
}

export function invalidTypeMessage(mimeType: string | undefined | null): string {
  return `Please upload a valid video file. Supported formats: ${SUPPORTED_FORMATS_TEXT}. Current file type: ${mimeType || 'unknown'}.`;
}

export function tooLargeMessage(bytes: number): string {
  return `File size (${(bytes / 1024 / 1024).toFixed(1)}MB) must be less than ${MAX_UPLOAD_MB}MB.`;
}
