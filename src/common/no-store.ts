import type { NextFunction, Request, Response } from 'express';

/** Paths whose answers are per-caller data: never kept by a browser or a shared cache (handlers may set stricter). */
const PRIVATE_PREFIXES = ['/api/', '/public/', '/debug/', '/reports/'];

export function noStoreForPrivateData(req: Request, res: Response, next: NextFunction): void {
  if (PRIVATE_PREFIXES.some((prefix) => req.path.startsWith(prefix))) res.setHeader('Cache-Control', 'no-store');
  next();
}
