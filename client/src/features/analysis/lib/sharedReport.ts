import { SHARE_LINK_DEFAULT_DAYS } from '@preflight/shared';

/** Shared report answer (docs/product.md, Data shapes) normalised; a share link lives 7 days by default. */
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SharedReport {
  reportId: string;
  createdAt: Date | null;
  expiresAt: Date | null;
  analyzedAt: Date | null;
  filename: string | null;
  /** Only when the creator chose to show it. */
  creatorName: string | null;
  allowDownload: boolean;
}

export { isValidShareToken } from '../../../shared/share/lib/shareLink';

const toDate = (value: unknown): Date | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

export function normalizeSharedReport(raw: Record<string, unknown>): SharedReport {
  const id = raw.report_id ?? raw.reportId ?? raw.id;
  const createdAt = toDate(raw.created_at);
  const expiresAt =
    toDate(raw.expires_at) ?? (createdAt ? new Date(createdAt.getTime() + SHARE_LINK_DEFAULT_DAYS * DAY_MS) : null);
  const creator = raw.creator && typeof raw.creator === 'object' ? (raw.creator as Record<string, unknown>) : null;
  return {
    reportId: id === undefined || id === null ? '' : String(id),
    createdAt,
    expiresAt,
    analyzedAt: toDate(raw.analyzed_at),
    filename: text(raw.filename),
    creatorName: creator ? text(creator.name) ?? text(creator.email) : null,
    allowDownload: raw.allow_download === true,
  };
}
