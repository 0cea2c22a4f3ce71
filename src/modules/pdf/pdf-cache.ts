import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { StorageService } from '../../infra/storage/storage.service';
import type { Report } from '../reports/report.entity';
import { ReportDataStore } from '../reports/report-data.store';
import { TEMPLATE_VERSION } from './pdf-document';

const PDF_FILE = /^optimization-report-[0-9a-f]{16}\.pdf$/;

export interface CachedPdf {
  /** What POST answers as `id`: changes whenever the report is re-derived, its frames expire or the template changes. */
  key: string;
  path: string;
  framesAvailable: boolean;
  exists: boolean;
}

/**
 * Rendered PDFs, kept until the report changes. The key hashes report.json itself, so a re-derivation (which
 * rewrites it) makes the cached PDF stale without anyone having to remember to delete it.
 *
 * A PDF with frame images is content like the frames themselves: it is stored in the frames folder, so the 48-hour
 * sweep that deletes the frames deletes it too. A PDF rendered after that (a note instead of images) sits in the
 * report folder.
 */
@Injectable()
export class PdfCache {
  constructor(
    private readonly storage: StorageService,
    private readonly data: ReportDataStore,
  ) {}

  framesAvailable(report: Pick<Report, 'id' | 'framesDeletedAt'>): boolean {
    return report.framesDeletedAt === null && existsSync(this.storage.framesDir(report.id));
  }

  async current(report: Pick<Report, 'id' | 'framesDeletedAt'>): Promise<CachedPdf> {
    const raw = await readFile(this.data.path(report.id));
    const framesAvailable = this.framesAvailable(report);
    const key = createHash('sha256')
      .update(`v${TEMPLATE_VERSION}|frames:${framesAvailable}|`)
      .update(raw)
      .digest('hex')
      .slice(0, 16);
    const path = join(this.folder(report.id, framesAvailable), `optimization-report-${key}.pdf`);
    return { key, path, framesAvailable, exists: existsSync(path) };
  }

  /** Written under a unique temporary name, then renamed: a reader never sees half a file. Older PDFs go. */
  async store(reportId: string, pdf: CachedPdf, bytes: Buffer): Promise<void> {
    const temporary = `${pdf.path}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, pdf.path);
    for (const framesAvailable of [true, false]) {
      const folder = this.folder(reportId, framesAvailable);
      const stale = (await readdir(folder).catch(() => [] as string[])).filter((name) => PDF_FILE.test(name) && join(folder, name) !== pdf.path);
      await Promise.all(stale.map((name) => rm(join(folder, name), { force: true })));
    }
  }

  private folder(reportId: string, framesAvailable: boolean): string {
    return framesAvailable ? this.storage.framesDir(reportId) : this.storage.reportDir(reportId);
  }
}
