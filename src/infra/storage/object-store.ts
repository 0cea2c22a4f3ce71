import type { Readable } from 'node:stream';

/** Which adapter holds the product's files (STORAGE_DRIVER). */
export type StorageDriver = 'local' | 's3';

/** The Nest token of the store: inject with `@Inject(OBJECT_STORE) store: ObjectStore`. */
export const OBJECT_STORE = Symbol('OBJECT_STORE');

export interface StoredObject {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** A file of the store copied (or, on local disk, simply found) on this machine; release() drops the copy. */
export interface LocalCopy {
  path: string;
  release(): Promise<void>;
}

/**
 * The storage port: every file the product keeps (uploaded videos, report.json, frames, PDFs) lives under a key such
 * as `uploads/<name>` or `reports/<id>_data/frames/0001.jpg` (see storage-keys.ts). Two adapters implement it: local
 * disk (STORAGE_DIR, the default) and S3-compatible object storage. Callers never see a path of the store, only keys;
 * code that needs a real file (ffmpeg, Chromium) asks for a local copy.
 */
export interface ObjectStore {
  readonly driver: StorageDriver;
  /** Creates what the store needs before first use (local: its folders). */
  prepare(): Promise<void>;
  /** Throws when the store cannot be written or reached (the readiness check). */
  checkWritable(): Promise<void>;

  /** Stores a file of this machine under `key` (streamed, never read into memory). */
  putFile(key: string, localPath: string, contentType?: string): Promise<void>;
  /** Stores bytes; a reader never sees half of them (local: temporary name then rename; S3: one PUT). */
  putBytes(key: string, bytes: Buffer | string, contentType?: string): Promise<void>;
  /** Stores a stream as it arrives (an upload's body); answers the bytes stored. */
  putStream(key: string, body: Readable, contentType?: string): Promise<number>;
  /** Every file below a local folder, under `prefix` + its relative path. */
  putFolder(prefix: string, localDir: string): Promise<void>;

  /** The object's bytes, or null when there is none. */
  getBytes(key: string): Promise<Buffer | null>;
  /** The object as a stream with its size, or null when there is none. */
  getStream(key: string): Promise<{ stream: Readable; size: number; modifiedAt: Date } | null>;
  exists(key: string): Promise<boolean>;
  /** True when at least one object lies below the prefix (e.g. a report's frames). */
  hasAnyUnder(prefix: string): Promise<boolean>;

  /** The object as a file on this machine (local disk: the file itself; S3: downloaded into `scratchDir`). */
  localFile(key: string, scratchDir: string): Promise<LocalCopy>;
  /** The objects below a prefix as a folder on this machine (local disk: the folder itself). */
  localFolder(prefix: string, scratchDir: string): Promise<LocalCopy>;
  /** Something ffprobe can open: a local path, or a short-lived signed URL. */
  probeSource(key: string): Promise<string>;

  delete(key: string): Promise<void>;
  /** Deletes every object below the prefix. */
  deleteUnder(prefix: string): Promise<void>;
  /** The objects directly below a prefix (not in deeper "folders"), with their age. */
  list(prefix: string): Promise<StoredObject[]>;
  /**
   * Unfinished multipart uploads of the store itself (S3 keeps their parts, invisible to list()): aborts those below
   * `prefix` for which `isStale(key, lastActivity)` says so. Local disk has none.
   */
  abortStaleMultipartUploads(prefix: string, isStale: (key: string, lastActivity: Date) => boolean): Promise<number>;
}
