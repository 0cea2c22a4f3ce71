import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';

/** An upload may take up to 60 minutes on a slow connection. */
export const UPLOAD_REQUEST_TIMEOUT_MS = 60 * 60 * 1000;
/** Every other request must have arrived whole within this: no route takes a large or slow body. */
export const BODY_DEADLINE_MS = 10_000;
/** Open connections one address may hold; a browser needs about six. */
export const MAX_CONNECTIONS_PER_ADDRESS = 64;

/** The two upload routes are the only ones allowed the long time-out. */
export const isUploadRoute = (path: string) => path === '/api/upload' || path === '/api/upload/' || path.startsWith('/api/upload/tus');

/**
 * Node's own limits apply to the whole server; this gives each request the time its route needs: a request whose
 * body is still arriving after BODY_DEADLINE_MS (anything but an upload) is answered 408 and its connection closed,
 * so a slow body cannot hold the server.
 */
export function bodyDeadline(req: Request, res: Response, next: NextFunction): void {
  if (isUploadRoute(req.path)) return next();
  const timer = setTimeout(() => {
    if (req.complete) return; // the body arrived; a slow handler is not the client's fault
    if (!res.headersSent) {
      res.status(408).setHeader('Connection', 'close');
      res.json({ statusCode: 408, message: 'The request body took too long to arrive.', error: 'Request Timeout' });
    }
    req.socket.destroy();
  }, BODY_DEADLINE_MS);
  timer.unref();
  const clear = () => clearTimeout(timer);
  res.once('finish', clear);
  res.once('close', clear);
  next();
}

/** Addresses exempt from the per-address cap: the local reverse proxy every client comes through. */
const PROXY_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface HttpLimits {
  /** Request headers must arrive within this (a slowloris client never finishes them): HTTP_HEADERS_TIMEOUT_MS. */
  headersTimeoutMs: number;
  /** How often Node checks those time-outs: HTTP_CONNECTIONS_CHECK_MS. */
  connectionsCheckingIntervalMs: number;
  maxPerAddress?: number;
}

/**
 * Server-wide limits: header time-out, the long request time-out uploads need, and connections per address. Node
 * checks its two time-outs only every connectionsCheckingInterval (30 s by default: headers sent at 1 byte/s got
 * their 408 after 39 s under a 10 s limit); it starts that timer when the server listens, so set it before.
 */
export function applyHttpLimits(server: Server, { headersTimeoutMs, connectionsCheckingIntervalMs, maxPerAddress = MAX_CONNECTIONS_PER_ADDRESS }: HttpLimits): void {
  server.requestTimeout = UPLOAD_REQUEST_TIMEOUT_MS;
  server.headersTimeout = headersTimeoutMs;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = connectionsCheckingIntervalMs;
  server.on('clientError', answerUnparsedRequest);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (PROXY_ADDRESSES.has(address)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/** Node's parser errors and the answers Node itself would give them (its default handler), now as our JSON. */
const CLIENT_ERROR_STATUS: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 };
const CLIENT_ERROR_MESSAGE: Record<number, string> = {
  400: 'The request could not be read as HTTP.',
  408: 'The request took too long to arrive.',
  431: 'The request headers (or the address) are too large.',
};

/**
 * A request Node cannot parse (headers over its 16 KB limit, a malformed request line, headers too slow) never
 * reaches Express; Node's default answer has an empty body. Answer it in the shape of every other error instead.
 */
export function answerUnparsedRequest(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  const body = JSON.stringify({ statusCode: status, message: CLIENT_ERROR_MESSAGE[status], error: STATUS_CODES[status] });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * tus: a PATCH carries raw bytes as application/offset+octet-stream; anything else is 415, as the protocol says,
 * answered before a JSON body parser could try to read the chunk.
 */
export function tusPatchContentType(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== 'PATCH' || !req.path.startsWith('/api/upload/tus')) return next();
  if ((req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === 'application/offset+octet-stream') return next();
  res.status(415).setHeader('Connection', 'close');
  res.json({ statusCode: 415, message: 'A tus PATCH must be sent as Content-Type: application/offset+octet-stream.', error: 'Unsupported Media Type' });
}
