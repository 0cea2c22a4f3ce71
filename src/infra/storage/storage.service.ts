import { Inject, Injectable } from '@nestjs/common';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/**
 * The storage folder: uploads/ holds videos until their analysis ends; reports/{id}_data/ holds report.json and
 * frames/. Every path handed out is checked to stay inside the folder.
 */
@Injectable()
export class StorageService {
  readonly root: string;
  readonly uploadsDir: string;
  readonly reportsDir: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.root = config.storageDir;
    this.uploadsDir = join(this.root, 'uploads');
    this.reportsDir = join(this.root, 'reports');
  }

  async ensureLayout(): Promise<void> {
    await mkdir(this.uploadsDir, { recursive: true });
    await mkdir(this.reportsDir, { recursive: true });
  }

  reportDir(reportId: string): string {
    return this.inside(join(this.reportsDir, `${reportId}_data`));
  }

  framesDir(reportId: string): string {
    return join(this.reportDir(reportId), 'frames');
  }

  /** Resolves a path below `base`, refusing anything that escapes it (../, absolute paths). */
  inside(path: string, base = this.root): string {
    const full = resolve(path);
    if (full !== base && !full.startsWith(base + sep)) throw new Error(`path escapes storage: ${path}`);
    return full;
  }

  async remove(path: string): Promise<void> {
    await rm(this.inside(path), { recursive: true, force: true });
  }

  /** Files directly in a folder with their modification times (missing folder → none). */
  async listWithAge(dir: string): Promise<{ path: string; modifiedAt: Date }[]> {
    const names = await readdir(dir).catch(() => [] as string[]);
    const entries = await Promise.all(
      names.map(async (name) => {
        const path = join(dir, name);
        const info = await stat(path).catch(() => null);
        return info ? { path, modifiedAt: info.mtime } : null;
      }),
    );
    return entries.filter((e) => e !== null);
  }
}
