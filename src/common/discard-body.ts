import type { IncomingMessage } from 'node:http';

/**
 * Reads and throws away what is left of a request body, up to `maxBytes`, so a client that is still sending gets
 * to read an early error response (402, 413) instead of a broken pipe. Past the cap the connection is closed.
 */
export function discardRequestBody(req: IncomingMessage, maxBytes: number): Promise<void> {
  if (req.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = () => {
      req.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) {
        req.unpipe();
        req.socket.destroySoon?.();
        finish();
      }
    };
    req.on('data', onData);
    req.once('end', finish);
    req.once('error', finish);
    req.once('close', finish);
    req.resume();
  });
}
