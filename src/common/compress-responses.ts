import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Smaller bodies gain less than the header and the CPU cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Routes never compressed here: uploads (request bodies are the big part; tus answers must not be buffered), and the
 * web app, whose files the build precompressed (serve-client.ts).
 */
const SKIPPED = [/^\/api\/upload(\/|$)/, /^\/app(\/|$)/];

/**
 * Compresses API answers above a small size (gzip or brotli as the client accepts). What is already compressed
 * (frames, PDFs) is left alone by `compression`'s own filter, which only takes compressible types.
 */
export function compressResponses(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    filter: (req: Request, res: Response) => !SKIPPED.some((route) => route.test(req.path)) && compression.filter(req, res),
  });
}
