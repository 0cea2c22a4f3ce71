import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Signed, expiring URLs for resources an <img> must load without a bearer header (report frames). */
@Injectable()
export class UrlSigner {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  sign(path: string, ttlSeconds: number, now = Date.now()): string {
    const expires = Math.floor(now / 1000) + ttlSeconds;
    return `${path}?expires=${expires}&signature=${this.signature(path, expires)}`;
  }

  isValid(path: string, expires: unknown, signature: unknown, now = Date.now()): boolean {
    const expiresAt = Number(expires);
    if (!Number.isInteger(expiresAt) || expiresAt < now / 1000 || typeof signature !== 'string') return false;
    const expected = Buffer.from(this.signature(path, expiresAt));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signature(path: string, expires: number): string {
    return createHmac('sha256', this.config.urlSigningSecret).update(`${path}\n${expires}`).digest('base64url');
  }
}
