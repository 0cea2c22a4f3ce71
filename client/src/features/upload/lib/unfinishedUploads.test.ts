import type { PreviousUpload, UrlStorage } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { findUnfinishedUploads, RESUME_WINDOW_MS, uploadFingerprint } from './unfinishedUploads';

/** tus-js-client's UrlStorage over a Map, keyed as its WebStorageUrlStorage keys localStorage. */
function memoryStorage(): UrlStorage & { entries: Map<string, PreviousUpload> } {
  const entries = new Map<string, PreviousUpload>();
  let id = 0;
  return {
    entries,
    findAllUploads: async () => [...entries.values()],
    findUploadsByFingerprint: async (fingerprint) => [...entries.values()].filter((entry) => entry.urlStorageKey.startsWith(`tus::${fingerprint}::`)),
    removeUpload: async (key) => void entries.delete(key),
    addUpload: async (fingerprint, upload) => {
      const key = `tus::${fingerprint}::${++id}`;
      entries.set(key, { ...upload, urlStorageKey: key });
      return key;
    },
  };
}

const file = { name: 'talk.mp4', type: 'video/mp4', size: 1_073_741_824, lastModified: 1_700_000_000_000 };
const entry = (at: number, filename = 'talk.mp4'): PreviousUpload => ({
  size: file.size,
  metadata: { filename },
  creationTime: new Date(at).toString(),
  urlStorageKey: '',
  uploadUrl: 'http://127.0.0.1/api/upload/tus/0123',
  parallelUploadUrls: null,
});

describe('unfinished uploads', () => {
  it('the same file picked again has the same fingerprint; another creator, name, size or date does not', () => {
    expect(uploadFingerprint({ ...file }, 'u1')).toBe(uploadFingerprint(file, 'u1'));
    expect(uploadFingerprint(file, 'u2')).not.toBe(uploadFingerprint(file, 'u1'));
    expect(uploadFingerprint({ ...file, size: file.size - 1 }, 'u1')).not.toBe(uploadFingerprint(file, 'u1'));
    expect(uploadFingerprint({ ...file, lastModified: 1 }, 'u1')).not.toBe(uploadFingerprint(file, 'u1'));
    expect(uploadFingerprint({ ...file, name: 'other.mp4' }, 'u1')).not.toBe(uploadFingerprint(file, 'u1'));
  });

  it("lists only this creator's uploads, newest first, and forgets those past the server's resume window", async () => {
    const storage = memoryStorage();
    const now = Date.UTC(2026, 10, 27, 12);
    await storage.addUpload(uploadFingerprint(file, 'u1'), entry(now - 3_600_000));
    await storage.addUpload(uploadFingerprint({ ...file, name: 'b.mp4' }, 'u1'), entry(now - 60_000, 'b.mp4'));
    await storage.addUpload(uploadFingerprint(file, 'u2'), entry(now - 60_000));
    const expired = await storage.addUpload(uploadFingerprint({ ...file, name: 'old.mp4' }, 'u1'), entry(now - RESUME_WINDOW_MS - 1, 'old.mp4'));
    await storage.addUpload('tus-br-someone-else', entry(now)); // tus-js-client's own fingerprint: not ours

    const found = await findUnfinishedUploads('u1', storage, now);
    expect(found.map((upload) => upload.filename)).toEqual(['b.mp4', 'talk.mp4']);
    expect(found[1]).toMatchObject({ fingerprint: uploadFingerprint(file, 'u1'), size: file.size, uploadUrl: 'http://127.0.0.1/api/upload/tus/0123' });
    expect(storage.entries.has(expired)).toBe(false);
    expect(storage.entries.size).toBe(4);
  });
});
