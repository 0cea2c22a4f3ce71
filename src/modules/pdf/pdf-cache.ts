import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { OBJECT_STORE, type ObjectStore } from '../../infra/storage/object-store';
import { framesPrefix, nameOf, reportPrefix } from '../../infra/storage/storage-keys';
import { ReportEditRepository } from '../edit';
import { MeasuredRetentionRepository } from '../measured-retention';
import { ReportDataStore } from '../reports';
import type { Report } from '../reports';
import { TEMPLATE_VERSION } from './pdf-document';

const PDF_FILE = /^optimization-report-[0-9a-f]{16}\.pdf$/;

export interface CachedPdf {
  /** What POST answers as `id`: changes whenever the report is re-derived, its frames expire or the template changes. */
  key: string;
  /** Where the PDF is (or will be) in the store. */
  objectKey: string;
  framesAvailable: boolean;
  exists: boolean;
}

/**
 * Rendered PDFs, kept until the report changes. The key hashes report.json itself (and the measured curve's time), so
 * a re-derivation (which rewrites it) or a new measured curve makes the cached PDF stale without anyone having to
 * remember to delete it.
 *
 * A PDF with frame images is content like the frames themselves: it is stored in the frames folder, so the 48-hour
 * sweep that deletes the frames deletes it too. A PDF rendered after that (a note instead of images) sits in the
 * report folder.
 */
@Injectable()
export class PdfCache {
  constructor(
    @Inject(OBJECT_STORE) private readonly objects: ObjectStore,
    private readonly data: ReportDataStore,
    private readonly measured: MeasuredRetentionRepository,
    private readonly edits: ReportEditRepository,
  ) {}

  async framesAvailable(report: Pick<Report, 'id' | 'framesDeletedAt'>): Promise<boolean> {
    return report.framesDeletedAt === null && (await this.objects.hasAnyUnder(framesPrefix(report.id)));
  }

  async current(report: Pick<Report, 'id' | 'framesDeletedAt'>): Promise<CachedPdf> {
    const raw = await this.data.raw(report.id);
    if (raw === null) throw new NotFoundException('Analysis data not found');
    const framesAvailable = await this.framesAvailable(report);
    // The measured curve lives beside report.json, not in it: adding, replacing or removing it changes the PDF too.
    const curveChangedAt = await this.measured.changedAt(report.id);
    // So does the creator's saved edit ("The proposed edit" page prints it).
    const editSavedAt = (await this.edits.ofReport(report.id))?.updatedAt;
    const key = createHash('sha256')
      .update(`v${TEMPLATE_VERSION}|frames:${framesAvailable}|measured:${curveChangedAt?.toISOString() ?? 'none'}|edit:${editSavedAt?.toISOString() ?? 'none'}|`)
      .update(raw)
      .digest('hex')
      .slice(0, 16);
    const objectKey = `${this.folder(report.id, framesAvailable)}optimization-report-${key}.pdf`;
    return { key, objectKey, framesAvailable, exists: await this.objects.exists(objectKey) };
  }

  /**
   * The comparison PDF of cut A against cut B: keyed on both report.json files, kept in B's report folder (it holds
   * no frame images, so the 48-hour sweep has nothing to take from it).
   */
  async comparison(aId: string, bId: string): Promise<CachedPdf> {
    const [rawA, rawB] = await Promise.all([this.data.raw(aId), this.data.raw(bId)]);
    if (rawA === null || rawB === null) throw new NotFoundException('Analysis data not found');
    const key = createHash('sha256').update(`comparison v${TEMPLATE_VERSION}|`).update(rawA).update('|').update(rawB).digest('hex').slice(0, 16);
    const objectKey = `${reportPrefix(bId)}comparison-${aId}-${key}.pdf`;
    return { key, objectKey, framesAvailable: false, exists: await this.objects.exists(objectKey) };
  }

  /** Stores a comparison PDF; the pair's older ones go. */
  async storeComparison(aId: string, bId: string, pdf: CachedPdf, bytes: Buffer): Promise<void> {
    await this.objects.putBytes(pdf.objectKey, bytes, 'application/pdf');
    const older = (await this.objects.list(reportPrefix(bId))).filter((o) => nameOf(o.key).startsWith(`comparison-${aId}-`) && o.key !== pdf.objectKey);
    await Promise.all(older.map((o) => this.objects.delete(o.key)));
  }

  /** Stored whole (a reader never sees half a file); older PDFs go. */
  async store(reportId: string, pdf: CachedPdf, bytes: Buffer): Promise<void> {
    await this.objects.putBytes(pdf.objectKey, bytes, 'application/pdf');
    for (const framesAvailable of [true, false]) {
      const stale = (await this.objects.list(this.folder(reportId, framesAvailable))).filter(
        (object) => PDF_FILE.test(nameOf(object.key)) && object.key !== pdf.objectKey,
      );
      await Promise.all(stale.map((object) => this.objects.delete(object.key)));
    }
  }

  private folder(reportId: string, framesAvailable: boolean): string {
    return framesAvailable ? framesPrefix(reportId) : reportPrefix(reportId);
  }
}
