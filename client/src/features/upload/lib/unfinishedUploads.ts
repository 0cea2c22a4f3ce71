import { defaultOptions, type PreviousUpload, type UrlStorage } from 'tus-js-client';

/**
 * Uploads a reload or a crash interrupted. tus-js-client keeps each unfinished upload's URL in localStorage under the
 * file's fingerprint (storeFingerprintForResuming); the fingerprint here also names the creator, so one browser shared
 * by two creators offers each only their own. A browser cannot keep the File itself across a reload: the creator
 * picks it again, the fingerprint tells it is the same file, and the upload resumes from the server's offset.
 */

/** The server keeps an unfinished upload this long (RESUME_WINDOW_MS in src/modules/upload/tus-upload.service.ts). */
export const RESUME_WINDOW_MS = 24 * 3600 * 1000;

interface FileIdentity {
  name: string;
  type: string;
  size: number;
  lastModified: number;
}

/** Creator, name, type, size and modification time: the same file picked again has the same fingerprint. */
export function uploadFingerprint(file: FileIdentity, userId: string): string {
  return ['preflight', userId, file.name, file.type, file.size, file.lastModified].join('|');
}

const creatorPrefix = (userId: string) => `tus::preflight|${userId}|`;

export interface UnfinishedUpload {
  /** Its localStorage key (tus-js-client's urlStorageKey). */
  key: string;
  fingerprint: string;
  uploadUrl: string;
  filename: string;
  size: number;
  createdAt: Date;
}

const fingerprintOfKey = (key: string) => key.slice('tus::'.length, key.lastIndexOf('::'));

/** The creator's unfinished uploads, newest first; those past the server's resume window are forgotten on the way. */
export async function findUnfinishedUploads(
  userId: string,
  storage: UrlStorage = defaultOptions.urlStorage,
  now: number = Date.now(),
): Promise<UnfinishedUpload[]> {
  const all: PreviousUpload[] = await storage.findAllUploads();
  const found: UnfinishedUpload[] = [];
  for (const entry of all) {
    if (!entry.urlStorageKey.startsWith(creatorPrefix(userId)) || !entry.uploadUrl) continue;
    const createdAt = new Date(entry.creationTime);
    if (!(now - createdAt.getTime() < RESUME_WINDOW_MS)) {
      await storage.removeUpload(entry.urlStorageKey);
      continue;
    }
    found.push({
      key: entry.urlStorageKey,
      fingerprint: fingerprintOfKey(entry.urlStorageKey),
      uploadUrl: entry.uploadUrl,
      filename: entry.metadata?.filename ?? 'video',
      size: entry.size ?? 0,
      createdAt,
    });
  }
  return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/**
 * How many bytes the server holds of an unfinished upload (tus HEAD → Upload-Offset); null when the server no longer
 * has it (expired, finished or removed): then it is forgotten here too.
 */
export async function receivedBytes(upload: UnfinishedUpload, token: string, storage: UrlStorage = defaultOptions.urlStorage): Promise<number | null> {
  const response = await fetch(upload.uploadUrl, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` } });
  if (response.status === 404 || response.status === 410 || response.status === 403) {
    await storage.removeUpload(upload.key);
    return null;
  }
  const offset = Number(response.headers.get('Upload-Offset'));
  if (!response.ok || !Number.isFinite(offset)) throw new Error(`The upload could not be checked (${response.status})`);
  return offset;
}

/** Discards an unfinished upload: the server deletes what it received (tus termination), this browser forgets it. */
export async function discardUnfinished(upload: UnfinishedUpload, token: string, storage: UrlStorage = defaultOptions.urlStorage): Promise<void> {
  await fetch(upload.uploadUrl, { method: 'DELETE', headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${token}` } }).catch(() => undefined);
  await storage.removeUpload(upload.key);
}
