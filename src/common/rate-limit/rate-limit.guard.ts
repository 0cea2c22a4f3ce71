import { type ExecutionContext, HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Request, Response } from 'express';

export const tooManyRequestsMessage = (seconds: number) => `Too many requests. Please wait ${seconds} s and try again.`;

/** 429 with Retry-After and our JSON message (the body shape of every other error). */
export function tooManyRequests(res: Response, seconds: number): never {
  res.setHeader('Retry-After', String(seconds));
  throw new HttpException(tooManyRequestsMessage(seconds), HttpStatus.TOO_MANY_REQUESTS);
}

/**
 * Runs after the auth guard (registered after it), so a signed-in caller is counted as a creator, a key as itself and
 * anyone else by IP. One budget per caller across all routes of a kind, not one per route.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async getTracker(req: Request): Promise<string> {
    // The auth guard sets `auth` (src/modules/auth/request-auth.ts): its `user` (a creator row) on requests it verified,
    // and `apiKey` on those made with a key: a key has its own budget, so a script cannot starve the creator's browser
    // (nor one key another).
    const { user, apiKey } = (req as Request & { auth?: { user: { id: string } | null; apiKey: { id: string } | null } }).auth ?? {};
    if (apiKey) return `key:${apiKey.id}`;
    return user ? `user:${user.id}` : `ip:${req.ip}`;
  }

  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    tooManyRequests(context.switchToHttp().getResponse<Response>(), detail.timeToBlockExpire);
  }
}
