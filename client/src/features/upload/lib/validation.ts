import { invalidTypeMessage, isAcceptedVideo, MAX_FILES_MESSAGE, MAX_UPLOAD_BYTES, tooLargeMessage } from '@preflight/shared';

// The upload rules themselves (types, size, queue limit, messages) are shared with the API: @preflight/shared.

/** The limit message naming what was left out: "Maximum 5 files allowed: 6.mp4 was not added." */
export function maxFilesMessage(leftOut: readonly string[]): string {
  const names = leftOut.length <= 1 ? leftOut.join('') : `${leftOut.slice(0, -1).join(', ')} and ${leftOut.at(-1)}`;
  return `${MAX_FILES_MESSAGE}: ${names} ${leftOut.length === 1 ? 'was' : 'were'} not added.`;
}

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

/** The reason a file is refused, or null when it may be queued. */
export function validateFile(file: FileLike): string | null {
  if (!isAcceptedVideo(file.name, file.type)) return invalidTypeMessage(file.type);
  if (file.size > MAX_UPLOAD_BYTES) return tooLargeMessage(file.size);
  return null;
}

/** How a refused file is shown: the file name plus the reason. */
export const fileError = (name: string, reason: string) => `${name}: ${reason}`;
