/**
 * What the product asks for when it makes a share link (docs/product.md, Endpoints), and the link the client opens. The dialog's
 * "expires in 7 days" comes from SHARE_LINK_DEFAULT_DAYS (@preflight/shared, the server's default too), the same value
 * this request sends, and the server's answer (expires_at) is what the dialog shows once the link exists.
 */
import { SHARE_LINK_DEFAULT_DAYS } from '@preflight/shared';
import type { CreateShareLinkDto } from '@preflight/sdk';

/** What the creator picks in the dialog before the link is made: PDF download on or off, and how long it lives. */
export interface ShareOptions {
  allowDownload: boolean;
  days: number;
}

export const DEFAULT_SHARE_OPTIONS: ShareOptions = { allowDownload: true, days: SHARE_LINK_DEFAULT_DAYS };

/** The lifetimes the dialog offers: up to the product's 7 days (docs/product.md, Sharing). */
export const SHARE_LIFETIME_CHOICES: readonly number[] = [1, 3, SHARE_LINK_DEFAULT_DAYS];

export function shareRequestBody(reportId: string, userId: string | null, options: ShareOptions = DEFAULT_SHARE_OPTIONS): CreateShareLinkDto {
  return {
    report_id: reportId,
    ...(userId ? { user_id: userId } : {}),
    share_settings: { is_public: true, allow_download: options.allowDownload, show_sensitive_data: false, expiration_days: options.days },
  };
}

/** What a link opens: one report, or a comparison of two cuts (A the reference, B the new cut). */
export type ShareTarget = { kind: 'report'; reportId: string } | { kind: 'comparison'; a: string; b: string };

/** The public page of a token: {origin}/app/client/{token}, or {origin}/app/client/compare/{token} for a comparison. */
export function shareUrl(token: string, origin = window.location.origin, basePath: string = import.meta.env.BASE_URL, kind: ShareTarget['kind'] = 'report'): string {
  const base = basePath.endsWith('/') ? basePath : `${basePath}/`;
  return `${origin}${base}client/${kind === 'comparison' ? 'compare/' : ''}${encodeURIComponent(token)}`;
}

/** A share token is URL-safe base64/hex-like text; anything else is rejected before calling the API. */
export function isValidShareToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(token);
}

export const SHARE_TOASTS = {
  generated: 'Share link generated successfully!',
  copied: 'Link copied to clipboard!',
  generateFailed: 'Failed to generate share link',
  copyFailed: 'Failed to copy link',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days between the server's created_at and expires_at: what the dialog states once a link exists. */
export function lifetimeDays(createdAt: string, expiresAt: string): number {
  return Math.round((Date.parse(expiresAt) - Date.parse(createdAt)) / DAY_MS);
}
