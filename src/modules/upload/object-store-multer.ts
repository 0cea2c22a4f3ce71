import type { Request } from 'express';
import type { StorageEngine } from 'multer';
import type { ObjectStore } from '../../infra/storage/object-store';
import { uploadKey } from '../../infra/storage/storage-keys';

/**
 * A multer storage engine that streams each multipart file into the object store as it arrives (an S3 multipart
 * upload underneath), so the API machine needs no disk for uploads. A file refused half-way is deleted.
 */
export function objectStoreMulter(store: ObjectStore, nameOf: (file: Express.Multer.File) => string): StorageEngine {
  return {
    _handleFile(_req: Request, file: Express.Multer.File, done: (error?: unknown, info?: Partial<Express.Multer.File>) => void) {
      const filename = nameOf(file);
      const key = uploadKey(filename);
      store.putStream(key, file.stream, file.mimetype).then(
        (size) => done(null, { filename, path: key, size }),
        (error: unknown) => done(error),
      );
    },
    _removeFile(_req: Request, file: Express.Multer.File, done: (error: Error | null) => void) {
      store.delete(uploadKey(file.filename)).then(
        () => done(null),
        () => done(null), // already gone, or the store is down: the sweep removes it later
      );
    },
  };
}
