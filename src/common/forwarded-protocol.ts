import type { NextFunction, Request, Response } from 'express';

const WEB_PROTOCOL = /^\s*https?\s*$/i;

const isWebProtocolList = (value: string) => value.split(',').every((entry) => WEB_PROTOCOL.test(entry));

/**
 * X-Forwarded-Proto is kept only when every entry is http or https; otherwise the request goes on as if it had none.
 * Express reads its first entry into req.protocol (and req.secure) whenever the sender is a trusted proxy hop, so
 * "javascript" from a client behind the proxy came out as `javascript://…`, and tus-node-server (which reads the raw
 * headers) answered the resumable upload's creation 400. No URL the product writes uses the request's protocol any
 * more (src/config/public-origin.ts): this keeps whatever reads it (logs, libraries) from ever seeing another scheme.
 */
export function ignoreUnknownForwardedProtocol(req: Request, _res: Response, next: NextFunction): void {
  const forwarded = req.headers['x-forwarded-proto'];
  if (forwarded !== undefined && !isWebProtocolList(String(forwarded))) {
    delete req.headers['x-forwarded-proto'];
    // rawHeaders: [name, value, name, value, …], what libraries that build a fetch Request from the message read.
    for (let i = req.rawHeaders.length - 2; i >= 0; i -= 2) {
      if (req.rawHeaders[i].toLowerCase() === 'x-forwarded-proto') req.rawHeaders.splice(i, 2);
    }
  }
  next();
}
