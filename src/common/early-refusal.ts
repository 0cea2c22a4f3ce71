import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import { isUploadRoute } from './http-limits';

/**
 * How long a refused upload's connection is still read (and the bytes thrown away) after the answer, before it is
 * closed: a client still sending its body reads the 401 or 402 instead of a connection reset (nginx's "lingering
 * close"), and a client that trickles its body cannot hold the connection.
 */
export const REFUSED_UPLOAD_LINGER_MS = 2_000;

/**
 * An upload refused before its body was read (401 without a valid token, 402 for a free creator past the limit, 413,
 * 415) is answered at once with `Connection: close`, and its connection closed shortly after. Before, Node kept reading
 * the unread body to reuse the connection: a caller with no token trickling bytes held its socket for the hour an
 * upload may take. Applies to the two upload routes (multipart and tus), the only ones with the long time-out.
 */
export function closeRefusedUploads(req: Request, res: Response, next: NextFunction): void {
  if (!isUploadRoute(req.path)) return next();
  const writeHead = res.writeHead as (this: Response, ...args: unknown[]) => Response;
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (Number(args[0]) >= 400 && !req.complete) {
      this.setHeader('Connection', 'close');
      lingerBeforeClosing(req.socket);
    }
    return writeHead.apply(this, args);
  } as Response['writeHead'];
  next();
}

/**
 * Node ends a `Connection: close` answer with socket.destroySoon(), which resets a connection whose client is still
 * sending (the answer may be lost). Instead: end our side after the answer, go on reading (Node discards the rest of
 * the body), and close when the client stops sending or the linger time is up.
 */
function lingerBeforeClosing(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), REFUSED_UPLOAD_LINGER_MS);
    timer.unref();
    socket.once('end', () => socket.destroy());
    socket.once('close', () => clearTimeout(timer));
  };
}
