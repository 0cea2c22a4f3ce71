/**
 * Client-side file checks of SPEC section 5 (the server applies the same lists and limit: src/modules/upload/upload-rules.ts).
 */
export const MAX_UPLOAD_MB = 1995;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
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
export const ACCEPT_ATTRIBUTE = [
  ...VIDEO_MIME_SUBTYPES.map((s) => `video/${s}`),
  ...VIDEO_EXTENSIONS.map((e) => `.${e}`),
].join(',');

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Accepted when the MIME type is one of the video types, or the file name has one of the extensions. */
export function isAcceptedVideo(file: Pick<FileLike, 'name' | 'type'>): boolean {
  const mime = (file.type ?? '').toLowerCase();
  const byMime = mime.startsWith('video/') && (VIDEO_MIME_SUBTYPES as readonly string[]).includes(mime.slice(6));
  return byMime || (VIDEO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
}

export function invalidTypeMessage(type: string | undefined | null): string {
  return `Please upload a valid video file. Supported formats: ${SUPPORTED_FORMATS_TEXT}. Current file type: ${type || 'unknown'}.`;
}

export function tooLargeMessage(bytes: number): string {
  return `File size (${(bytes / 1024 / 1024).toFixed(1)}MB) must be less than ${MAX_UPLOAD_MB}MB.`;
}

/** The reason a file is refused, or null when it may be queued. */
export function validateFile(file: FileLike): string | null {
  if (!isAcceptedVideo(file)) return invalidTypeMessage(file.type);
  if (file.size > MAX_UPLOAD_BYTES) return tooLargeMessage(file.size);
  return null;
}

/** How a refused file is shown: the file name plus the reason. */
export const fileError = (name: string, reason: string) => `${name}: ${reason}`;
