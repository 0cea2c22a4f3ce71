import type { NextFunction, Request, Response } from 'express';
import { isUploadRoute } from './http-limits';

export const NOT_JSON_MESSAGE = 'Send the request body as JSON (Content-Type: application/json).';

/** Keys that name an object's prototype machinery: never a field of ours, and a prototype-pollution vector. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

const hasBody = (req: Request) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
const mediaType = (req: Request) => (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();

/**
 * Every body the API takes outside the two upload routes is JSON (share settings, prevention, comparisons, Stripe's
 * webhook). The JSON parser skips any other type and the route then ran on its defaults, so a share asked for "no
 * downloads, 1 day" as text/plain got "downloads, 7 days". A body of any other type (or none) is refused with 415
 * before it is read; an empty body is no body, whatever its type says.
 */
export function requireJsonBodies(req: Request, res: Response, next: NextFunction): void {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || isUploadRoute(req.path) || !hasBody(req)) return next();
  if (mediaType(req) === 'application/json') return next();
  res.status(415).setHeader('Connection', 'close'); // the body is not read: the connection cannot carry another request
  res.json({ statusCode: 415, message: NOT_JSON_MESSAGE, error: 'Unsupported Media Type' });
}

/**
 * The path of the first prototype key (`__proto__`, `constructor`, `prototype`) anywhere in a parsed JSON body, e.g.
 * `share_settings.__proto__`, or null. JSON.parse makes them plain own keys, which the validation pipe does not see as
 * unknown fields. Walked without recursion (the depth limit runs after this).
 */
export function prototypeKeyPath(body: unknown): string | null {
  const stack: Array<[unknown, string]> = [[body, '']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    for (const key of Object.keys(node)) {
      const here = Array.isArray(node) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
      if (!Array.isArray(node) && PROTOTYPE_KEYS.has(key)) return here;
      stack.push([(node as Record<string, unknown>)[key], here]);
    }
  }
  return null;
}
