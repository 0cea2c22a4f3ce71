import { createReadStream, createWriteStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { access, constants, copyFile, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { writeFileAtomic } from '../../common/fs/atomic-write';
import type { LocalCopy, ObjectStore, StoredObject } from './object-store';
import type { StorageService } from './storage.service';

const keep = async () => undefined;

/** The files below a folder as `a/b.jpg` paths (a missing folder has none: e.g. no frames could be extracted). */
export async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * The local-disk adapter: a key is a path below STORAGE_DIR, exactly the layout the product always used. API and
 * worker must then share that folder (one machine, or a shared mount).
 */
export class LocalObjectStore implements ObjectStore {
  readonly driver = 'local' as const;

  constructor(private readonly layout: StorageService) {}

  /** The file of a key; a key that would lead out of the folder (../, absolute) is refused. */
  pathOf(key: string): string {
    if (isAbsolute(key)) throw new Error(`not a storage key: ${key}`);
    return this.layout.inside(join(this.layout.root, key));
  }

  prepare(): Promise<void> {
    return this.layout.ensureLayout();
  }

  async checkWritable(): Promise<void> {
    await access(this.layout.uploadsDir, constants.W_OK);
    await access(this.layout.reportsDir, constants.W_OK);
  }

  /** Copied beside the target, then renamed into place: a reader (or a racing writer) never meets half a file. */
  async putFile(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    if (target === localPath) return;
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await copyFile(localPath, temporary);
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
  }

  async putBytes(key: string, bytes: Buffer | string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await writeFileAtomic(target, bytes);
  }

  async putStream(key: string, body: Readable): Promise<number> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    try {
      await pipeline(body, createWriteStream(temporary));
      await rename(temporary, target);
    } finally {
      await rm(temporary, { force: true });
    }
    return (await stat(target)).size;
  }

  async putFolder(prefix: string, localDir: string): Promise<void> {
    for (const file of await filesBelow(localDir)) await this.putFile(`${prefix}${file}`, join(localDir, file));
  }

  async getBytes(key: string): Promise<Buffer | null> {
    return readFile(this.pathOf(key)).catch(() => null);
  }

  async getStream(key: string) {
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(path), size: info.size, modifiedAt: info.mtime };
  }

  async exists(key: string): Promise<boolean> {
    return (await stat(this.pathOf(key)).catch(() => null))?.isFile() ?? false;
  }

  /** A folder counts even when empty: the sweep deletes the folder itself. */
  async hasAnyUnder(prefix: string): Promise<boolean> {
    return (await stat(this.pathOf(prefix)).catch(() => null))?.isDirectory() ?? false;
  }

  async localFile(key: string): Promise<LocalCopy> {
    return { path: this.pathOf(key), release: keep };
  }

  async localFolder(prefix: string): Promise<LocalCopy> {
    return { path: this.pathOf(prefix), release: keep };
  }

  async probeSource(key: string): Promise<string> {
    return this.pathOf(key);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async deleteUnder(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<StoredObject[]> {
    const dir = this.pathOf(prefix);
    const names = await readdir(dir).catch(() => [] as string[]);
    const entries = await Promise.all(
      names.map(async (name) => {
        const info = await stat(join(dir, name)).catch(() => null);
        return info?.isFile() ? { key: `${prefix}${name}`, size: info.size, modifiedAt: info.mtime } : null;
      }),
    );
    return entries.filter((e) => e !== null);
  }

  /** A partial file on disk is an ordinary file: list() and its age cover it. */
  async abortStaleMultipartUploads(): Promise<number> {
    return 0;
  }
}
