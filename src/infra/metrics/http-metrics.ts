import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration } from './metrics';

/**
 * Times every request from arrival to the last byte. The label is the route pattern (`/api/status/:reportId`), never
 * the raw URL, so ids do not explode the series; requests no route matched count as `unmatched`.
 */
export function httpMetrics(req: Request, res: Response, next: NextFunction): void {
  const stop = httpRequestDuration.startTimer();
  res.once('finish', () => {
    const pattern = (req.route as { path?: string } | undefined)?.path;
    const route = pattern ? `${req.baseUrl}${pattern}` : req.path.startsWith('/app') || req.path === '/' ? 'web-app' : 'unmatched';
    stop({ method: req.method, route, status: String(res.statusCode) });
  });
  next();
}
