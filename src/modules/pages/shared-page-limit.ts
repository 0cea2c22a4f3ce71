import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { SHARED_REPORT_PAGE } from './shared-page-preload';
import { MINUTE_MS, RATE_LIMITS } from '../../common/rate-limit/limits';
import type { RedisThrottlerStorage } from '../../common/rate-limit/redis-throttler.storage';
import { tooManyRequestsMessage } from '../../common/rate-limit/rate-limit.guard';

/** The counter the 'public' throttler keeps per address (RateLimitGuard.generateKey: `${throttler}:${tracker}`). */
export const publicBudgetKey = (ip: string | undefined) => `public:ip:${ip ?? ''}`;

/**
 * The shared report page (/app/client/{token}) looks a share token up and renders the report on the server (about
 * 18 ms of CPU each); it is served outside Nest, so the throttler never saw it: 300 views in a row were answered. It
 * now spends the same per-address budget as the other share lookups (/public/*), and past it answers 429 with
 * Retry-After and a short page in the error's words.
 */
export function limitSharedPages(counters: RedisThrottlerStorage): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !SHARED_REPORT_PAGE.test(req.path)) return next();
    counters.count(publicBudgetKey(req.ip), MINUTE_MS).then(({ hits, msLeft }) => {
      if (hits <= RATE_LIMITS.publicPerIpPerMinute) return next();
      const seconds = Math.max(1, Math.ceil(msLeft / 1000));
      res.status(429).setHeader('Retry-After', String(seconds));
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').send(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Too many requests</title><p>${tooManyRequestsMessage(seconds)}</p></html>`);
    }, next);
  };
}
