import { extname } from 'node:path';

/** SPEC section 5 and 9: what a creator may upload. The web app applies the same rules before sending. */
export const MAX_UPLOAD_MB = 1995;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

export const VIDEO_MIME_SUBTYPES = [
  'mp4', 'avi', 'mov', 'wmv', 'flv', 'quicktime', 'x-msvideo', 'x-ms-wmv', 'x-flv', 'webm', 'ogg', '3gpp', 'x-ms-asf',
] as const;

export const VIDEO_EXTENSIONS = [
  'mp4', 'avi', 'mov', 'wmv', 'flv', 'webm', 'ogg', 'ogv', '3gp', 'mkv', 'm4v', 'ts', 'mpeg', 'mpg', 'asf',
] as const;

export const SUPPORTED_FORMATS_TEXT = VIDEO_EXTENSIONS.map((e) => e.toUpperCase()).join(', ');

/** Accepted when the MIME type is one of the video types, or the file name has one of the extensions. */
export function isAcceptedVideo(filename: string, mimeType: string | undefined | null): boolean {
  const mime = (mimeType ?? '').toLowerCase();
  const byMime = mime.startsWith('video/') && (VIDEO_MIME_SUBTYPES as readonly string[]).includes(mime.slice(6));
  const ext = extname(filename).slice(1).toLowerCase();
  return byMime || (VIDEO_EXTENSIONS as readonly string[]).includes(ext);
}

export function invalidTypeMessage(mimeType: string | undefined | null): string {
  return `Please upload a valid video file. Supported formats: ${SUPPORTED_FORMATS_TEXT}. Current file type: ${mimeType || 'unknown'}.`;
}

export function tooLargeMessage(bytes: number): string {
  return `File size (${(bytes / 1024 / 1024).toFixed(1)}MB) must be less than ${MAX_UPLOAD_MB}MB.`;
}

/** A display-safe file name: no path parts or control characters, at most 255 characters. */
export function cleanFilename(name: string | undefined | null): string {
  // eslint-disable-next-line no-control-regex
  const base = (name ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'video.mp4').slice(0, 255);
}
