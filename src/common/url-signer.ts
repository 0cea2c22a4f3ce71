import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * Signed, expiring URLs for resources an <img> must load without a bearer header (report frames). A URL made for a
 * share link carries that link's id inside the signature (`link=`), so whoever serves it can refuse it the moment the
 * link is revoked or expires, and the id cannot be stripped or swapped without breaking the signature.
 */
@Injectable()
export class UrlSigner {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  sign(path: string, ttlSeconds: number, now = Date.now(), share?: string): string {
    const expires = Math.floor(now / 1000) + ttlSeconds;
    const shareParam = share ? `&link=${encodeURIComponent(share)}` : '';
    return `${path}?expires=${expires}${shareParam}&signature=${this.signature(path, expires, share)}`;
  }

  isValid(path: string, expires: unknown, signature: unknown, now = Date.now(), share?: string): boolean {
    const expiresAt = Number(expires);
    if (!Number.isInteger(expiresAt) || expiresAt < now / 1000 || typeof signature !== 'string') return false;
    const expected = Buffer.from(this.signature(path, expiresAt, share));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signature(path: string, expires: number, share: string | undefined): string {
    const scope = share === undefined ? '' : `\nshare:${share}`;
    return createHmac('sha256', this.config.urlSigningSecret).update(`${path}\n${expires}${scope}`).digest('base64url');
  }
}
