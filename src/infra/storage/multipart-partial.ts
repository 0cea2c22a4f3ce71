import { hostname } from 'node:os';
import { basename } from 'node:path';

/** Multipart uploads are written under this prefix (tus uploads are named by their id). */
export const MULTIPART_UPLOAD_PREFIX = 'mp-';

/** Host names as they may appear in a file name: anything but letters, digits and '-' becomes '-'. */
const safeHost = (host: string) => host.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 63) || 'host';

/**
 * `mp-<host>.<pid>-<uuid><ext>`: a multipart upload cannot be resumed, so a file whose writing process has died is
 * only a partial that takes space. Naming the writer lets the sweep on the same machine recognise it at once instead
 * of waiting for the file to go idle.
 */
export function multipartUploadName(id: string, extension: string, host = hostname(), pid = process.pid): string {
  return `${MULTIPART_UPLOAD_PREFIX}${safeHost(host)}.${pid}-${id}${extension}`;
}

/**
 * True when the file is a multipart upload written on this machine by a process that no longer exists. Files from
 * other machines (or older names) answer false: the caller falls back to how long the file has been idle.
 */
export function multipartWriterIsGone(path: string, host = hostname(), isAlive = processIsAlive): boolean {
  const match = /^mp-([A-Za-z0-9-]+)\.(\d+)-/.exec(basename(path));
  if (!match || match[1] !== safeHost(host)) return false;
  return !isAlive(Number(match[2]));
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only checks that the process exists
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}
